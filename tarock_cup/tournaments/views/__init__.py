"""Views by feature: check permission, validate the form, call domain code, render or redirect.

Access checks live in `tarock_cup.tournaments.access`, which every app's views use.
"""
