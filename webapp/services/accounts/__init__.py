"""Accounts and sign-in: desk and staff users, event PINs, one session per phone, sign-in links
(QR), and the audit trail of desk decisions.

May import: entries, models, the domain.
"""
