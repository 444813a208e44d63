"""Kortbordet: rules engines, computer players and records for four card games.

Everything here runs in plain CPython and in Pyodide alike; only ``game.web`` touches the
browser.
"""
