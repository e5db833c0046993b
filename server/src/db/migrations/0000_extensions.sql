-- Trigram search (ILIKE on names) needs pg_trgm before any gin_trgm_ops index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
