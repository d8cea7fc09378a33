-- Catalog: banners, divisions and stores; the category and aisle tables (shopping §9); products
-- with prices and stock per store; full-text search over products (FTS5, bm25 ranking).
-- See docs/decisions/010-catalog-and-search.md. The reference rows below (banners, divisions,
-- stores, categories, aisles) are fixed data; products, prices and stock come from the seed.

CREATE TABLE banners (
  banner_id TEXT PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE divisions (
  division_id TEXT PRIMARY KEY,          -- 3 characters (account §3 Modality destination)
  banner_id TEXT NOT NULL REFERENCES banners(banner_id),
  name TEXT NOT NULL
);

-- location_id = 3-character division + 5-digit store number (src/lib/location/location-id.ts)
CREATE TABLE stores (
  location_id TEXT PRIMARY KEY,
  division_id TEXT NOT NULL REFERENCES divisions(division_id),
  store_number TEXT NOT NULL,
  banner_id TEXT NOT NULL REFERENCES banners(banner_id),
  name TEXT NOT NULL,
  address_line TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  phone TEXT NOT NULL,
  time_zone TEXT NOT NULL
);
CREATE INDEX stores_by_banner ON stores(banner_id);

-- spec: shopping §9 fixed category table (src/lib/catalog/categories.ts); parent_id NULL = department
CREATE TABLE categories (
  category_id TEXT PRIMARY KEY,
  parent_id TEXT REFERENCES categories(category_id),
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  aisle_number INTEGER NOT NULL,
  sort_order INTEGER NOT NULL
);

-- spec: shopping §9 aisle table 0 to 20 plus the weekly flyer codes (src/lib/catalog/aisles.ts)
CREATE TABLE aisles (
  aisle_number INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  flyer_code TEXT UNIQUE
);

-- gtin13 is the product's key for every other table and API; doc_id is the integer rowid the
-- FTS index shares (a rowid join is one B-tree lookup per matched row, a TEXT key two).
CREATE TABLE products (
  doc_id INTEGER PRIMARY KEY,
  gtin13 TEXT NOT NULL UNIQUE,
  upc TEXT NOT NULL,                     -- the 12-digit UPC-A printed on the pack
  slug TEXT NOT NULL,                    -- pages: /p/{slug}/{gtin13}
  name TEXT NOT NULL,
  brand TEXT NOT NULL,
  size TEXT NOT NULL,
  category_id TEXT NOT NULL REFERENCES categories(category_id),
  department_id TEXT NOT NULL REFERENCES categories(category_id),
  aisle_number INTEGER REFERENCES aisles(aisle_number),
  description TEXT NOT NULL,
  sold_by_weight INTEGER NOT NULL DEFAULT 0,
  minimum_age INTEGER,                   -- 21 for beer and wine (shopping §5 age restrictions)
  dietary_tags TEXT NOT NULL DEFAULT '', -- comma list (src/lib/catalog/facets.ts)
  tag_bits INTEGER NOT NULL DEFAULT 0,   -- the same tags as a bit set, for facet counting
  nutrition TEXT,                        -- JSON (ProductSchema.nutrition)
  variant_group_id TEXT,
  pickup INTEGER NOT NULL DEFAULT 1,
  delivery INTEGER NOT NULL DEFAULT 1,
  ship INTEGER NOT NULL DEFAULT 0,
  in_store INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX products_by_category ON products(category_id);
CREATE INDEX products_by_department ON products(department_id);
CREATE INDEX products_by_brand ON products(brand);
CREATE INDEX products_by_upc ON products(upc);
CREATE INDEX products_by_variant_group ON products(variant_group_id) WHERE variant_group_id IS NOT NULL;

-- Price and stock per store, integer cents. promo_code names the weekly flyer circular
-- (aisles.flyer_code) a promotion belongs to, NULL for an everyday sale price.
CREATE TABLE product_prices (
  location_id TEXT NOT NULL REFERENCES stores(location_id),
  gtin13 TEXT NOT NULL REFERENCES products(gtin13),
  regular_cents INTEGER NOT NULL,
  promo_cents INTEGER,
  promo_code TEXT,
  stock_quantity INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (location_id, gtin13)
) WITHOUT ROWID;

-- Full-text search. rowid = products.doc_id; kept in step by the triggers below. No stemmer:
-- the vocabulary stays made of real words, which the spelling suggestions need.
CREATE VIRTUAL TABLE product_fts USING fts5(
  name, brand, category, description,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
CREATE VIRTUAL TABLE product_fts_vocab USING fts5vocab('product_fts', 'row');
-- A snapshot of the index's words for spelling suggestions (reading fts5vocab walks the whole
-- index); the seed refreshes it after loading products (upstream/seed/seed.ts).
CREATE TABLE search_vocabulary (
  term TEXT PRIMARY KEY,
  documents INTEGER NOT NULL
) WITHOUT ROWID;

-- The narrow per-product facts search reads for every matched row (brand, category, dietary
-- tags, fulfillment bits): a small table keeps those lookups in few pages, where the wide
-- products rows (descriptions, nutrition) would not. Kept in step by the same triggers.
CREATE TABLE product_search (
  doc_id INTEGER PRIMARY KEY,
  gtin13 TEXT NOT NULL,
  name TEXT NOT NULL,                    -- for sort=name.*
  brand TEXT NOT NULL COLLATE NOCASE,    -- filter.brands matches case-insensitively
  category_id TEXT NOT NULL,
  department_id TEXT NOT NULL,
  tag_bits INTEGER NOT NULL,
  flags INTEGER NOT NULL,                -- pickup | delivery << 1 | ship << 2 | in_store << 3
  variant_group_id TEXT
);
CREATE INDEX product_search_by_category ON product_search(category_id);
CREATE INDEX product_search_by_department ON product_search(department_id);
CREATE INDEX product_search_by_brand ON product_search(brand);

-- The FTS category column holds the sub-category's name and the department's when that is one
-- word ("Frozen", "Bakery"): a compound one ("Dairy & Eggs") would make every dairy product
-- match "eggs"; its words are sub-category names anyway.
CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_fts (rowid, name, brand, category, description)
  VALUES (
    new.doc_id, new.name, new.brand,
    (SELECT c.name || ' ' || CASE WHEN instr(d.name, ' ') = 0 THEN d.name ELSE '' END FROM categories c LEFT JOIN categories d ON d.category_id = c.parent_id WHERE c.category_id = new.category_id),
    new.description
  );
  INSERT INTO product_search (doc_id, gtin13, name, brand, category_id, department_id, tag_bits, flags, variant_group_id)
  VALUES (new.doc_id, new.gtin13, new.name, new.brand, new.category_id, new.department_id, new.tag_bits,
    new.pickup | (new.delivery << 1) | (new.ship << 2) | (new.in_store << 3), new.variant_group_id);
END;
CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_fts WHERE rowid = old.doc_id;
  DELETE FROM product_search WHERE doc_id = old.doc_id;
END;
CREATE TRIGGER products_search_update AFTER UPDATE ON products BEGIN
  DELETE FROM product_fts WHERE rowid = old.doc_id;
  DELETE FROM product_search WHERE doc_id = old.doc_id;
  INSERT INTO product_fts (rowid, name, brand, category, description)
  VALUES (
    new.doc_id, new.name, new.brand,
    (SELECT c.name || ' ' || CASE WHEN instr(d.name, ' ') = 0 THEN d.name ELSE '' END FROM categories c LEFT JOIN categories d ON d.category_id = c.parent_id WHERE c.category_id = new.category_id),
    new.description
  );
  INSERT INTO product_search (doc_id, gtin13, name, brand, category_id, department_id, tag_bits, flags, variant_group_id)
  VALUES (new.doc_id, new.gtin13, new.name, new.brand, new.category_id, new.department_id, new.tag_bits,
    new.pickup | (new.delivery << 1) | (new.ship << 2) | (new.in_store << 3), new.variant_group_id);
END;

INSERT INTO banners (banner_id, name) VALUES
  ('harvest', 'Harvest Market'),
  ('bayside', 'Bayside Foods');

INSERT INTO divisions (division_id, banner_id, name) VALUES
  ('701', 'harvest', 'Harvest Market Central Valley'),
  ('703', 'harvest', 'Harvest Market Foothills'),
  ('620', 'bayside', 'Bayside Foods North Shore'),
  ('621', 'bayside', 'Bayside Foods Harbor');

-- The banner defaults 70100101 (harvest) and 62000201 (bayside) come first (banners.ts).
INSERT INTO stores (location_id, division_id, store_number, banner_id, name, address_line, city, state, postal_code, latitude, longitude, phone, time_zone) VALUES
  ('70100101', '701', '00101', 'harvest', 'Harvest Market Orchard Plaza', '1200 Orchard Ave', 'Fresno', 'CA', '93710', 36.8252, -119.7830, '559-555-0101', 'America/Los_Angeles'),
  ('70100102', '701', '00102', 'harvest', 'Harvest Market Riverside', '455 River Park Dr', 'Fresno', 'CA', '93720', 36.8570, -119.7740, '559-555-0102', 'America/Los_Angeles'),
  ('70300301', '703', '00301', 'harvest', 'Harvest Market Foothill Commons', '88 Sierra Way', 'Clovis', 'CA', '93612', 36.8252, -119.7029, '559-555-0301', 'America/Los_Angeles'),
  ('62000201', '620', '00201', 'bayside', 'Bayside Foods Pier Street', '30 Pier St', 'Portland', 'ME', '04101', 43.6591, -70.2568, '207-555-0201', 'America/New_York'),
  ('62000202', '620', '00202', 'bayside', 'Bayside Foods Lighthouse Point', '710 Shore Rd', 'South Portland', 'ME', '04106', 43.6415, -70.2409, '207-555-0202', 'America/New_York'),
  ('62100401', '621', '00401', 'bayside', 'Bayside Foods Harbor Square', '5 Harbor Sq', 'Rockland', 'ME', '04841', 44.1037, -69.1089, '207-555-0401', 'America/New_York');

INSERT INTO aisles (aisle_number, name, flyer_code) VALUES
  (0, 'Best Deals', NULL),
  (1, 'Produce', NULL),
  (2, 'Bakery', NULL),
  (3, 'Dairy', NULL),
  (4, 'Meat & Seafood', NULL),
  (5, 'Deli', NULL),
  (6, 'Frozen', NULL),
  (7, 'Breakfast & Cereal', NULL),
  (8, 'Pasta, Rice & Grains', NULL),
  (9, 'Canned Goods & Soups', NULL),
  (10, 'Baking & Spices', NULL),
  (11, 'Condiments & Sauces', NULL),
  (12, 'Snacks', NULL),
  (13, 'Beverages', NULL),
  (14, 'Beer & Wine', NULL),
  (15, 'Baby', NULL),
  (16, 'Pet', NULL),
  (17, 'Household & Cleaning', NULL),
  (18, 'Paper Goods', NULL),
  (19, 'Health & Beauty', NULL),
  (20, 'International', NULL),
  (90, 'Weekly Specials', 'SPECIALS'),
  (91, 'Savings Circular', 'SAVINGS');
INSERT INTO categories (category_id, parent_id, name, slug, aisle_number, sort_order) VALUES
  ('01', NULL, 'Produce', 'produce', 1, 1),
  ('02', NULL, 'Dairy & Eggs', 'dairy-and-eggs', 3, 2),
  ('03', NULL, 'Meat & Seafood', 'meat-and-seafood', 4, 3),
  ('04', NULL, 'Bakery', 'bakery', 2, 4),
  ('05', NULL, 'Deli', 'deli', 5, 5),
  ('06', NULL, 'Frozen', 'frozen', 6, 6),
  ('07', NULL, 'Pantry', 'pantry', 8, 7),
  ('08', NULL, 'Snacks', 'snacks', 12, 8),
  ('09', NULL, 'Beverages', 'beverages', 13, 9),
  ('10', NULL, 'Baby', 'baby', 15, 10),
  ('11', NULL, 'Pet', 'pet', 16, 11),
  ('12', NULL, 'Household', 'household', 17, 12),
  ('13', NULL, 'Health & Beauty', 'health-and-beauty', 19, 13),
  ('14', '01', 'Fresh Fruit', 'fresh-fruit', 1, 14),
  ('15', '01', 'Fresh Vegetables', 'fresh-vegetables', 1, 15),
  ('16', '01', 'Salad Kits & Greens', 'salad-kits-and-greens', 1, 16),
  ('17', '01', 'Fresh Herbs', 'fresh-herbs', 1, 17),
  ('18', '02', 'Milk', 'milk', 3, 18),
  ('19', '02', 'Plant-Based Milk', 'plant-based-milk', 3, 19),
  ('20', '02', 'Cheese', 'cheese', 3, 20),
  ('21', '02', 'Yogurt', 'yogurt', 3, 21),
  ('22', '02', 'Eggs', 'eggs', 3, 22),
  ('23', '02', 'Butter & Cream', 'butter-and-cream', 3, 23),
  ('24', '03', 'Beef', 'beef', 4, 24),
  ('25', '03', 'Chicken', 'chicken', 4, 25),
  ('26', '03', 'Pork', 'pork', 4, 26),
  ('27', '03', 'Seafood', 'seafood', 4, 27),
  ('28', '04', 'Bread', 'bread', 2, 28),
  ('29', '04', 'Bagels & Muffins', 'bagels-and-muffins', 2, 29),
  ('30', '04', 'Cakes & Pies', 'cakes-and-pies', 2, 30),
  ('31', '05', 'Deli Meats', 'deli-meats', 5, 31),
  ('32', '05', 'Prepared Meals', 'prepared-meals', 5, 32),
  ('33', '06', 'Frozen Meals', 'frozen-meals', 6, 33),
  ('34', '06', 'Frozen Pizza', 'frozen-pizza', 6, 34),
  ('35', '06', 'Ice Cream', 'ice-cream', 6, 35),
  ('36', '06', 'Frozen Vegetables', 'frozen-vegetables', 6, 36),
  ('37', '07', 'Cereal', 'cereal', 7, 37),
  ('38', '07', 'Pasta', 'pasta', 8, 38),
  ('39', '07', 'Rice & Grains', 'rice-and-grains', 8, 39),
  ('40', '07', 'Canned Goods', 'canned-goods', 9, 40),
  ('41', '07', 'Soup', 'soup', 9, 41),
  ('42', '07', 'Baking', 'baking', 10, 42),
  ('43', '07', 'Condiments', 'condiments', 11, 43),
  ('44', '07', 'Pasta Sauce', 'pasta-sauce', 11, 44),
  ('45', '07', 'International', 'international', 20, 45),
  ('46', '08', 'Chips', 'chips', 12, 46),
  ('47', '08', 'Crackers', 'crackers', 12, 47),
  ('48', '08', 'Cookies', 'cookies', 12, 48),
  ('49', '08', 'Nuts & Trail Mix', 'nuts-and-trail-mix', 12, 49),
  ('50', '09', 'Water', 'water', 13, 50),
  ('51', '09', 'Soda', 'soda', 13, 51),
  ('52', '09', 'Juice', 'juice', 13, 52),
  ('53', '09', 'Coffee', 'coffee', 7, 53),
  ('54', '09', 'Tea', 'tea', 7, 54),
  ('55', '09', 'Beer', 'beer', 14, 55),
  ('56', '09', 'Wine', 'wine', 14, 56),
  ('57', '10', 'Diapers & Wipes', 'diapers-and-wipes', 15, 57),
  ('58', '10', 'Baby Food', 'baby-food', 15, 58),
  ('59', '11', 'Dog Food', 'dog-food', 16, 59),
  ('60', '11', 'Cat Food', 'cat-food', 16, 60),
  ('61', '12', 'Cleaning Supplies', 'cleaning-supplies', 17, 61),
  ('62', '12', 'Paper Towels & Tissue', 'paper-towels-and-tissue', 18, 62),
  ('63', '12', 'Laundry', 'laundry', 17, 63),
  ('64', '13', 'Vitamins', 'vitamins', 19, 64),
  ('65', '13', 'Personal Care', 'personal-care', 19, 65);
