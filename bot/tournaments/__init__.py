"""Tournaments: Swiss, Arena and multi-seat rounds; pairing and standings are pure modules here."""
