-- Which migrations ran (their recorded names); created before any runs.

