"""The screens over and beside the table: title, pause, summaries, score sheet, files, settings."""
