// AssessStore: filled in by its own work.
