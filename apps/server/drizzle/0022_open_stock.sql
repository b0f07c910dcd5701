-- Placeholder reserved for issue 32; replaced by the migration itself.
SELECT 1;
