"""The walk-through and the questions drawn with questionary and prompt_toolkit, the only package
that imports them: `walk` (the table-side flow), `asker` (one step asked), `at_table` (the
`score` walk-through from start to end), `confirm` (a yes/no before a change) and `interrupts`
(Ctrl-C held while a file is written). The package itself imports nothing, so a command that
asks one question loads only what that question needs."""
