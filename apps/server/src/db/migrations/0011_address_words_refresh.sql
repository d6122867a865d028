-- An address edit refreshed its properties' search words with `property_id IN (subquery)` over the
-- property_word_rows view: a semi-join the planner cannot push below the view's GROUP BY and window,
-- so it derived the words of every property (15 s on the 10^6 bench dataset, per address update).
-- Each property using the address is now refreshed by id, as the properties branch always was.
CREATE OR REPLACE FUNCTION "property_words_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid integer;
BEGIN
	IF TG_TABLE_NAME = 'properties' THEN
		DELETE FROM property_words WHERE property_id = NEW.id;
		INSERT INTO property_words (word, rank, property_id, standalone, doc)
		SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r WHERE r.property_id = NEW.id;
	ELSE
		FOR pid IN SELECT id FROM properties WHERE address_id = NEW.id LOOP
			DELETE FROM property_words WHERE property_id = pid;
			INSERT INTO property_words (word, rank, property_id, standalone, doc)
			SELECT r.word, r.rank, r.property_id, r.standalone, r.doc FROM property_word_rows r WHERE r.property_id = pid;
		END LOOP;
	END IF;
	RETURN NULL;
END
$$;
