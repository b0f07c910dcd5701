-- Placeholder reserved for issue 33; replaced by the migration itself.
SELECT 1;
