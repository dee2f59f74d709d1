"""Staff pages on phones: sign-in (PIN, links) and entering a match game by game.
"""
