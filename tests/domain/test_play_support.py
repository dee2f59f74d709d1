"""Builders shared by the match-play tests (no tests here)."""
from __future__ import annotations


















