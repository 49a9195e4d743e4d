-- v21: what a candidate marked on a question for their own reading (struck-out choices),
-- saved with each response and never scored. A seat adds it to its own attempts' rows
-- only, as it adds the rest of a response (the row policies of v1 still hold).
ALTER TABLE assess.responses ADD COLUMN annotations text;
GRANT INSERT (annotations) ON assess.responses TO :"seat";
