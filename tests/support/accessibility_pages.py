"""Helpers several test files share (moved from tests/browser/test_accessibility.py, where they were imported from)."""


BRACKET_PAGES = {"public.index", "public.event", "public.phase", "public.event_standings", "public.schedule",
                 "public.players", "public.match", "public.draws", "public.pools", "auth.login"}
