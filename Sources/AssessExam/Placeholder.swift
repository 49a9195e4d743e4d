// AssessExam: filled in by its own work.
