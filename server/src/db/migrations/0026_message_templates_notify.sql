-- A booking's confirmation text is read from memory (the booking engine's read models): an admin's change of
-- a template is announced like the other tables behind them (0014), so every process reads it again.
CREATE TRIGGER "message_templates_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "message_templates"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();
