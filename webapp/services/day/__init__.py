"""The day as it runs: stations and the call queue, auto-call's plan, check-in at reception and
stations, the day's clock (start, check-in window, closing, curfews), the timetable, the forecast,
the desk's run table.

May import: entries, accounts, setup, matches, reads, models, the domain.
"""
