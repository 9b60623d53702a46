"""Scoring mechanics shared by every title: breakdowns, ranking and majority awards."""
