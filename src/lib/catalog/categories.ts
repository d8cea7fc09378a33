// spec: shopping §9: a fixed category table of about 60 ids (such as Dairy and Produce); §5
// taxonomy id '00' is treated as none. Departments and their sub-categories, with the aisle each
// sub-category is shelved in. migrations/0002_catalog.sql inserts the same rows
// (categories.test.ts keeps the two in step).

export interface Category {
  id: string;
  name: string;
  /** null for a department */
  parentId: string | null;
  slug: string;
  /** the aisle number (shopping §9 aisle table) */
  aisle: number;
}

/** spec: shopping §5: the taxonomy id that means "no category". */
export const TAXONOMY_NONE = '00';

type Row = [id: string, name: string, parentId: string | null, slug: string, aisle: number];
const ROWS: Row[] = [
  ['01', 'Produce', null, 'produce', 1],
  ['02', 'Dairy & Eggs', null, 'dairy-and-eggs', 3],
  ['03', 'Meat & Seafood', null, 'meat-and-seafood', 4],
  ['04', 'Bakery', null, 'bakery', 2],
  ['05', 'Deli', null, 'deli', 5],
  ['06', 'Frozen', null, 'frozen', 6],
  ['07', 'Pantry', null, 'pantry', 8],
  ['08', 'Snacks', null, 'snacks', 12],
  ['09', 'Beverages', null, 'beverages', 13],
  ['10', 'Baby', null, 'baby', 15],
  ['11', 'Pet', null, 'pet', 16],
  ['12', 'Household', null, 'household', 17],
  ['13', 'Health & Beauty', null, 'health-and-beauty', 19],
  // Produce
  ['14', 'Fresh Fruit', '01', 'fresh-fruit', 1],
  ['15', 'Fresh Vegetables', '01', 'fresh-vegetables', 1],
  ['16', 'Salad Kits & Greens', '01', 'salad-kits-and-greens', 1],
  ['17', 'Fresh Herbs', '01', 'fresh-herbs', 1],
  // Dairy & Eggs
  ['18', 'Milk', '02', 'milk', 3],
  ['19', 'Plant-Based Milk', '02', 'plant-based-milk', 3],
  ['20', 'Cheese', '02', 'cheese', 3],
  ['21', 'Yogurt', '02', 'yogurt', 3],
  ['22', 'Eggs', '02', 'eggs', 3],
  ['23', 'Butter & Cream', '02', 'butter-and-cream', 3],
  // Meat & Seafood
  ['24', 'Beef', '03', 'beef', 4],
  ['25', 'Chicken', '03', 'chicken', 4],
  ['26', 'Pork', '03', 'pork', 4],
  ['27', 'Seafood', '03', 'seafood', 4],
  // Bakery
  ['28', 'Bread', '04', 'bread', 2],
  ['29', 'Bagels & Muffins', '04', 'bagels-and-muffins', 2],
  ['30', 'Cakes & Pies', '04', 'cakes-and-pies', 2],
  // Deli
  ['31', 'Deli Meats', '05', 'deli-meats', 5],
  ['32', 'Prepared Meals', '05', 'prepared-meals', 5],
  // Frozen
  ['33', 'Frozen Meals', '06', 'frozen-meals', 6],
  ['34', 'Frozen Pizza', '06', 'frozen-pizza', 6],
  ['35', 'Ice Cream', '06', 'ice-cream', 6],
  ['36', 'Frozen Vegetables', '06', 'frozen-vegetables', 6],
  // Pantry
  ['37', 'Cereal', '07', 'cereal', 7],
  ['38', 'Pasta', '07', 'pasta', 8],
  ['39', 'Rice & Grains', '07', 'rice-and-grains', 8],
  ['40', 'Canned Goods', '07', 'canned-goods', 9],
  ['41', 'Soup', '07', 'soup', 9],
  ['42', 'Baking', '07', 'baking', 10],
  ['43', 'Condiments', '07', 'condiments', 11],
  ['44', 'Pasta Sauce', '07', 'pasta-sauce', 11],
  ['45', 'International', '07', 'international', 20],
  // Snacks
  ['46', 'Chips', '08', 'chips', 12],
  ['47', 'Crackers', '08', 'crackers', 12],
  ['48', 'Cookies', '08', 'cookies', 12],
  ['49', 'Nuts & Trail Mix', '08', 'nuts-and-trail-mix', 12],
  // Beverages
  ['50', 'Water', '09', 'water', 13],
  ['51', 'Soda', '09', 'soda', 13],
  ['52', 'Juice', '09', 'juice', 13],
  ['53', 'Coffee', '09', 'coffee', 7],
  ['54', 'Tea', '09', 'tea', 7],
  ['55', 'Beer', '09', 'beer', 14],
  ['56', 'Wine', '09', 'wine', 14],
  // Baby
  ['57', 'Diapers & Wipes', '10', 'diapers-and-wipes', 15],
  ['58', 'Baby Food', '10', 'baby-food', 15],
  // Pet
  ['59', 'Dog Food', '11', 'dog-food', 16],
  ['60', 'Cat Food', '11', 'cat-food', 16],
  // Household
  ['61', 'Cleaning Supplies', '12', 'cleaning-supplies', 17],
  ['62', 'Paper Towels & Tissue', '12', 'paper-towels-and-tissue', 18],
  ['63', 'Laundry', '12', 'laundry', 17],
  // Health & Beauty
  ['64', 'Vitamins', '13', 'vitamins', 19],
  ['65', 'Personal Care', '13', 'personal-care', 19],
];

export const CATEGORIES: readonly Category[] = ROWS.map(([id, name, parentId, slug, aisle]) => ({
  id,
  name,
  parentId,
  slug,
  aisle,
}));
export const DEPARTMENTS: readonly Category[] = CATEGORIES.filter((category) => category.parentId === null);

const BY_ID = new Map(CATEGORIES.map((category) => [category.id, category]));

/** The category for an id, or undefined. `findCategory('18')?.name === 'Milk'` */
export function findCategory(id: string): Category | undefined {
  return BY_ID.get(id);
}

/** The sub-categories of a department. `childCategories('02').map((c) => c.name)` includes 'Milk'. */
export function childCategories(departmentId: string): Category[] {
  return CATEGORIES.filter((category) => category.parentId === departmentId);
}

/**
 * Normalizes taxonomy filter ids: drops '00' (none, shopping §5), blanks and unknown ids.
 * `normalizeTaxonomies(['00', '18', 'x']) -> ['18']`
 */
export function normalizeTaxonomies(ids: readonly string[] | undefined): string[] {
  return [...new Set((ids ?? []).filter((id) => id !== TAXONOMY_NONE && BY_ID.has(id)))];
}
