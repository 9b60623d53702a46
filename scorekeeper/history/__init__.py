"""The saved history as a library: plays, the archive of session files, series, statistics,
players, the play cache and exports."""
