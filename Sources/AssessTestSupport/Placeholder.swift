// AssessTestSupport: filled in by its own work.
