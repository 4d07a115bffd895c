-- The indicator catalog (core.indicators): name, definition, unit and category, for the definition under a picker.
SELECT indicator, name, description AS definition, unit, category FROM core.indicators;
