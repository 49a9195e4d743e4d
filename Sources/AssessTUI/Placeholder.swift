// AssessTUI: filled in by its own work.
