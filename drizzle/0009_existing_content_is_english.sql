-- Decision 0021: the page texts written before the shop had two languages were the built-in
-- English content (or staff edits of it): they become the English site's texts. Images and
-- colours serve both languages and stay as they are. The next start's seed step
-- "content-languages" writes the Vietnamese texts beside them.
UPDATE "section_content" SET "locale" = 'en' WHERE "content_type" IN ('text', 'json');
