-- The series an analyst can pick, with their titles and definitions in both languages (marts.series_catalog).
SELECT series_key, title_en, title_zh, definition_en, definition_zh, scope_en, scope_zh, scope_definition,
       period_basis, period_basis_en, period_basis_zh, publishers, publisher_list
FROM marts.series_catalog;
