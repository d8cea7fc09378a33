// The judged query set of the relevance benchmark (issue 23 §1): staples, multi-word queries,
// categories, brands and misspellings, each run on both banners. Grades by rule: judge.ts.
// `plain` lists the everyday forms where a staple has flavoured, processed or baby forms too
// (a shopper's judgment: "milk" wants white milk, "eggs" shell eggs, "apples" fresh apples).
import type { JudgedQuery } from './judge.ts';

const MILKS = ['Whole Milk', '2% Reduced Fat Milk', '1% Lowfat Milk', 'Fat Free Skim Milk'];
const MILK_VARIANTS = ['Chocolate Milk', 'Lactose Free Milk', 'Vitamin D Milk', 'Ultra-Filtered Milk', 'Almond Milk', 'Oat Milk', 'Soy Milk', 'Cashew Milk'];
const EGGS = ['Large Brown Eggs', 'Large White Eggs', 'Extra Large Eggs', 'Cage Free Eggs', 'Pasture Raised Eggs'];
const APPLES = ['Gala Apples', 'Honeycrisp Apples', 'Granny Smith Apples'];
const CHIPS = ['Potato Chips', 'Kettle Cooked Chips', 'Tortilla Chips'];
const BEERS = ['India Pale Ale', 'Pilsner', 'Amber Ale', 'Light Lager', 'Hazy IPA', 'Stout'];
const WINES = ['Cabernet Sauvignon', 'Chardonnay', 'Pinot Noir', 'Sauvignon Blanc', 'Merlot', 'Rose', 'Prosecco'];
const BREADS = ['White Bread', 'Whole Wheat Bread', 'Sourdough Bread', 'Multigrain Bread', 'Rye Bread'];

const STAPLES: JudgedQuery[] = [
  { q: 'bananas', kind: 'staple', category: '14' },
  { q: 'banana', kind: 'staple', category: '14' },
  { q: 'milk', kind: 'staple', plain: MILKS, variants: MILK_VARIANTS },
  { q: 'eggs', kind: 'staple', plain: EGGS, variants: ['Liquid Egg Whites'] },
  { q: 'egg', kind: 'staple', plain: EGGS, variants: ['Liquid Egg Whites'] },
  { q: 'apples', kind: 'staple', plain: APPLES },
  { q: 'apple', kind: 'staple', plain: APPLES },
  { q: 'peanut butter', kind: 'staple', plain: ['Creamy Peanut Butter'] },
  { q: 'bread', kind: 'staple', plain: BREADS },
  { q: 'butter', kind: 'staple', plain: ['Salted Butter', 'Unsalted Butter'] },
  { q: 'cheese', kind: 'staple', category: '20' },
  { q: 'yogurt', kind: 'staple', plain: ['Plain Yogurt', 'Greek Yogurt'], variants: ['Vanilla Yogurt', 'Strawberry Yogurt', 'Blueberry Yogurt', 'Peach Yogurt', 'Yogurt Drink'] },
  { q: 'chicken', kind: 'staple', category: '25' },
  { q: 'beef', kind: 'staple', category: '24' },
  { q: 'oranges', kind: 'staple', plain: ['Navel Oranges'] },
  { q: 'lemons', kind: 'staple', plain: ['Lemons'] },
  { q: 'grapes', kind: 'staple' },
  { q: 'strawberries', kind: 'staple', plain: ['Strawberries'] },
  { q: 'blueberries', kind: 'staple', plain: ['Blueberries'] },
  { q: 'tomatoes', kind: 'staple', plain: ['Roma Tomatoes', 'Cherry Tomatoes'], variants: ['Diced Tomatoes'] },
  { q: 'potatoes', kind: 'staple', plain: ['Russet Potatoes', 'Sweet Potatoes'] },
  { q: 'onions', kind: 'staple', plain: ['Yellow Onions'] },
  { q: 'carrots', kind: 'staple' },
  { q: 'avocados', kind: 'staple' },
  { q: 'spinach', kind: 'staple', plain: ['Baby Spinach'] },
  { q: 'garlic', kind: 'staple', plain: ['Garlic'] },
  { q: 'salmon', kind: 'staple', plain: ['Atlantic Salmon Fillet'] },
  { q: 'shrimp', kind: 'staple' },
  { q: 'bacon', kind: 'staple', plain: ['Thick Cut Bacon'] },
  { q: 'rice', kind: 'staple', plain: ['Long Grain White Rice', 'Jasmine Rice', 'Brown Rice', 'Basmati Rice'] },
  { q: 'pasta', kind: 'category', category: '38', plain: ['Spaghetti', 'Penne Rigate', 'Elbow Macaroni', 'Rotini', 'Linguine', 'Fettuccine'] },
  { q: 'spaghetti', kind: 'staple', plain: ['Spaghetti'] },
  { q: 'cereal', kind: 'category', category: '37' },
  { q: 'coffee', kind: 'staple', plain: ['Ground Coffee', 'Whole Bean Coffee'], variants: ['Coffee Pods', 'Cold Brew Coffee', 'Instant Coffee'] },
  { q: 'tea', kind: 'staple', plain: ['Green Tea', 'Black Tea'], variants: ['Chamomile Tea', 'Peppermint Tea', 'Sweet Tea', 'Chai Tea'] },
  { q: 'orange juice', kind: 'staple', plain: ['Orange Juice'] },
  { q: 'juice', kind: 'staple', plain: ['Orange Juice', 'Apple Juice', 'Grape Juice', 'Tomato Juice'], variants: ['Cranberry Juice Cocktail'] },
  { q: 'water', kind: 'staple', plain: ['Spring Water', 'Purified Water'], variants: ['Sparkling Water', 'Lemon Sparkling Water', 'Alkaline Water'] },
  { q: 'chips', kind: 'staple', plain: CHIPS, variants: ['Sour Cream and Onion Chips', 'BBQ Chips', 'Pita Chips'] },
  { q: 'cookies', kind: 'staple', category: '48' },
  { q: 'crackers', kind: 'staple', category: '47' },
  { q: 'ice cream', kind: 'staple', plain: ['Vanilla Ice Cream', 'Chocolate Ice Cream'], variants: ['Cookies and Cream Ice Cream', 'Mint Chocolate Chip Ice Cream', 'Strawberry Ice Cream', 'Ice Cream Sandwiches'] },
  { q: 'pizza', kind: 'staple', category: '34' },
  { q: 'flour', kind: 'staple', plain: ['All Purpose Flour'] },
  { q: 'sugar', kind: 'staple', plain: ['Granulated Sugar'], variants: ['Brown Sugar', 'Powdered Sugar'] },
  { q: 'honey', kind: 'staple', plain: ['Honey'] },
  { q: 'ketchup', kind: 'staple', plain: ['Tomato Ketchup'] },
  { q: 'tortillas', kind: 'staple', plain: ['Flour Tortillas', 'Corn Tortillas'] },
  { q: 'soup', kind: 'category', category: '41', plain: ['Chicken Noodle Soup', 'Tomato Soup', 'Cream of Mushroom Soup', 'Minestrone Soup'] },
  { q: 'bagels', kind: 'staple' },
  { q: 'beans', kind: 'staple', plain: ['Black Beans', 'Kidney Beans'], variants: ['Green Beans', 'Cut Green Beans', 'Refried Beans'] },
  { q: 'almonds', kind: 'staple', plain: ['Roasted Almonds'] },
  { q: 'diapers', kind: 'staple' },
  { q: 'shampoo', kind: 'staple' },
  { q: 'paper towels', kind: 'staple', plain: ['Paper Towels'] },
  { q: 'cat litter', kind: 'staple', plain: ['Clumping Cat Litter'] },
  { q: 'dog food', kind: 'staple', plain: ['Dry Dog Food', 'Wet Dog Food', 'Puppy Food'] },
];

const MULTI_WORD: JudgedQuery[] = [
  { q: 'whole milk', kind: 'multi-word', plain: ['Whole Milk'] },
  { q: 'skim milk', kind: 'multi-word', plain: ['Fat Free Skim Milk'] },
  { q: 'chocolate milk', kind: 'multi-word', plain: ['Chocolate Milk'] },
  { q: 'oat milk', kind: 'multi-word', plain: ['Oat Milk'] },
  { q: 'almond milk', kind: 'multi-word', plain: ['Almond Milk'] },
  { q: 'brown eggs', kind: 'multi-word', plain: ['Large Brown Eggs'] },
  { q: 'greek yogurt', kind: 'multi-word', plain: ['Greek Yogurt'] },
  { q: 'chicken breast', kind: 'multi-word', plain: ['Boneless Skinless Chicken Breasts'] },
  { q: 'chicken thighs', kind: 'multi-word', plain: ['Chicken Thighs'] },
  { q: 'ground beef', kind: 'multi-word', plain: ['Ground Beef 80/20', 'Ground Beef 93/7'] },
  { q: 'cheddar cheese', kind: 'multi-word', plain: ['Sharp Cheddar Cheese', 'Mild Cheddar Cheese'] },
  { q: 'cream cheese', kind: 'multi-word', plain: ['Cream Cheese'] },
  { q: 'sour cream', kind: 'multi-word', plain: ['Sour Cream'] },
  { q: 'apple juice', kind: 'multi-word', plain: ['Apple Juice'] },
  { q: 'apple pie', kind: 'multi-word', plain: ['Apple Pie'] },
  { q: 'banana puree', kind: 'multi-word', plain: ['Banana Puree'] },
  { q: 'peanut butter cookies', kind: 'multi-word', plain: ['Peanut Butter Cookies'] },
  { q: 'sourdough bread', kind: 'multi-word', plain: ['Sourdough Bread'] },
  { q: 'whole wheat bread', kind: 'multi-word', plain: ['Whole Wheat Bread'] },
  { q: 'tortilla chips', kind: 'multi-word', plain: ['Tortilla Chips'] },
  { q: 'potato chips', kind: 'multi-word', plain: ['Potato Chips'] },
  { q: 'vanilla ice cream', kind: 'multi-word', plain: ['Vanilla Ice Cream'] },
  { q: 'frozen pizza', kind: 'multi-word', category: '34', means: 'pizza' },
  { q: 'pepperoni pizza', kind: 'multi-word', plain: ['Pepperoni Pizza'] },
  { q: 'ground coffee', kind: 'multi-word', plain: ['Ground Coffee'] },
  { q: 'green tea', kind: 'multi-word', plain: ['Green Tea'] },
  { q: 'sparkling water', kind: 'multi-word', plain: ['Sparkling Water', 'Lemon Sparkling Water'] },
  { q: 'olive oil', kind: 'multi-word', plain: ['Extra Virgin Olive Oil'] },
  { q: 'baby spinach', kind: 'multi-word', plain: ['Baby Spinach'] },
  { q: 'sweet potatoes', kind: 'multi-word', plain: ['Sweet Potatoes'] },
  { q: 'black beans', kind: 'multi-word', plain: ['Black Beans'] },
  { q: 'chicken noodle soup', kind: 'multi-word', plain: ['Chicken Noodle Soup'] },
  { q: 'marinara sauce', kind: 'multi-word', plain: ['Marinara Sauce'] },
  { q: 'dish soap', kind: 'multi-word', plain: ['Dish Soap'] },
  { q: 'laundry detergent', kind: 'multi-word', plain: ['Liquid Laundry Detergent'], variants: ['Laundry Pods'] },
  { q: 'organic milk', kind: 'multi-word', plain: MILKS, means: 'organic milk' },
  { q: 'organic bananas', kind: 'multi-word', plain: ['Bananas'], means: 'organic bananas' },
];

const CATEGORIES: JudgedQuery[] = [
  { q: 'beer', kind: 'category', category: '55', plain: BEERS },
  { q: 'wine', kind: 'category', category: '56', plain: WINES },
  { q: 'red wine', kind: 'category', plain: ['Cabernet Sauvignon', 'Pinot Noir', 'Merlot'], variants: WINES },
  { q: 'seafood', kind: 'category', category: '27' },
  { q: 'pork', kind: 'category', category: '26' },
  { q: 'fruit', kind: 'category', category: '14' },
  { q: 'vegetables', kind: 'category', category: '15' },
  { q: 'fresh herbs', kind: 'category', category: '17' },
  { q: 'deli meats', kind: 'category', category: '31' },
  { q: 'frozen meals', kind: 'category', category: '33' },
  { q: 'frozen vegetables', kind: 'category', category: '36' },
  { q: 'snacks', kind: 'category', category: '46' },
  { q: 'nuts', kind: 'category', category: '49' },
  { q: 'soda', kind: 'category', category: '51' },
  { q: 'cleaning', kind: 'category', category: '61' },
  { q: 'vitamins', kind: 'category', category: '64' },
  { q: 'baby food', kind: 'category', category: '58' },
  { q: 'cat food', kind: 'category', plain: ['Dry Cat Food', 'Wet Cat Food'], variants: ['Kitten Food'] },
];

const BRANDS: JudgedQuery[] = [
  { q: 'meadow crest', kind: 'brand', brand: 'Meadow Crest' },
  { q: 'clover hill dairy', kind: 'brand', brand: 'Clover Hill Dairy' },
  { q: 'hop valley', kind: 'brand', brand: 'Hop Valley Brewing' },
  { q: 'oat haven', kind: 'brand', brand: 'Oat Haven' },
  { q: 'hearthstone bakery', kind: 'brand', brand: 'Hearthstone Bakery' },
  { q: 'crunch hollow', kind: 'brand', brand: 'Crunch Hollow' },
  { q: 'little sprout', kind: 'brand', brand: 'Little Sprout' },
  { q: 'sunny acres', kind: 'brand', brand: 'Sunny Acres' },
  { q: 'meadow crest milk', kind: 'brand', plain: MILKS, variants: MILK_VARIANTS, means: 'meadow crest milk' },
];

/** Misspellings a shopper makes, judged as what they meant. */
const MISSPELLINGS: JudgedQuery[] = [
  ['chiken brest', 'chicken breast'], ['mlik', 'milk'], ['banannas', 'bananas'], ['yogrt', 'yogurt'], ['chese', 'cheese'],
  ['brocoli', 'broccoli'], ['tomatos', 'tomatoes'], ['potatos', 'potatoes'], ['spagetti', 'spaghetti'], ['cerael', 'cereal'],
  ['cofee', 'coffee'], ['straberries', 'strawberries'], ['avacado', 'avocados'], ['peanut buter', 'peanut butter'], ['whole mil', 'whole milk'],
  ['yoghurt', 'yogurt'], ['courgettes', 'zucchini'], ['coriander', 'cilantro'], ['grean tea', 'green tea'], ['orange juce', 'orange juice'], ['ice creem', 'ice cream'],
  ['tortilas', 'tortillas'], ['buter', 'butter'], ['sourdogh bread', 'sourdough bread'], ['salmen', 'salmon'], ['shrimps', 'shrimp'],
].map(([q, meant]) => {
  const judged = [...STAPLES, ...MULTI_WORD].find((query) => query.q === meant) ?? { q: meant as string, kind: 'staple' as const };
  return { ...judged, q: q as string, means: judged.means ?? meant, kind: 'misspelling' as const };
});

export const JUDGED_QUERIES: readonly JudgedQuery[] = [...STAPLES, ...MULTI_WORD, ...CATEGORIES, ...BRANDS, ...MISSPELLINGS];
export const BANNERS = ['harvest', 'bayside'] as const;
