"""The walk-through as data and logic, without prompts: steps, their plan, and the navigator.

`scorekeeper.prompts` draws the steps with questionary; everything here can be driven by a
test or another front end.
"""
