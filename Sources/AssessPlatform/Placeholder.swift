// AssessPlatform: filled in by its own work.
