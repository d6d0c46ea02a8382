/**
 * The seeded Indian catalogue: the suggested terms of spec §2 and more, generated deterministically
 * (fixed PRNG seed) so every fresh database holds the same 165 products.
 */

export interface SeedVariation {
  label: string;
  price: number; // paise
  mrp: number; // paise
  stock: number;
}

export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  brand: string;
  category: string; // category slug
  imageCount: number;
  retailerId: number;
  wholesalerId: number | null;
  featured: boolean;
  createdAt: string;
  variations: SeedVariation[];
}

interface CategorySpec {
  name: string;
  slug: string;
  sizes: string[];
  price: [number, number]; // rupees
  brands: string[];
  items: string[];
  material: string;
}

export const CATEGORIES: CategorySpec[] = [
  {
    name: 'T-Shirts',
    slug: 't-shirts',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    price: [399, 1299],
    brands: ['Urban Desi', 'Kapas', 'Roadster Co.'],
    items: ['Crew Neck T-Shirt', 'Polo T-Shirt', 'Graphic Tee', 'V-Neck T-Shirt', 'Oversized Tee'],
    material: 'soft combed cotton',
  },
  {
    name: 'Shirts',
    slug: 'shirts',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    price: [799, 2499],
    brands: ['Mysore Looms', 'Peter & Sons', 'Linen Lane'],
    items: ['Oxford Shirt', 'Linen Shirt', 'Checked Shirt', 'Denim Shirt', 'Mandarin Collar Shirt'],
    material: 'breathable cotton-linen',
  },
  {
    name: 'Denims',
    slug: 'denims',
    sizes: ['28', '30', '32', '34', '36'],
    price: [999, 3499],
    brands: ['Indigo Mills', 'Blue Thread', 'Roadster Co.'],
    items: ['Slim Fit Jeans', 'Straight Jeans', 'Tapered Jeans', 'Relaxed Jeans', 'Distressed Jeans'],
    material: 'stretch denim',
  },
  {
    name: "Men's - Watch",
    slug: 'mens-watch',
    sizes: ['Free Size'],
    price: [1499, 8999],
    brands: ['Samay', 'Titanic Time', 'Chrono India'],
    items: ['Chronograph Watch', 'Analog Steel Watch', 'Leather Strap Watch', 'Diver Watch', 'Smart Hybrid Watch'],
    material: 'stainless steel case',
  },
  {
    name: "Women's - Watch",
    slug: 'womens-watch',
    sizes: ['Free Size'],
    price: [1299, 7999],
    brands: ['Samay', 'Kalaa', 'Chrono India'],
    items: ['Rose Gold Watch', 'Mesh Strap Watch', 'Bracelet Watch', 'Minimal Dial Watch', 'Crystal Watch'],
    material: 'rose-gold finish',
  },
  {
    name: 'Handbags',
    slug: 'handbags',
    sizes: ['Free Size'],
    price: [999, 5999],
    brands: ['Jaipur Craft', 'Baggit Home', 'Kalaa'],
    items: ['Tote Bag', 'Sling Bag', 'Clutch', 'Satchel', 'Hobo Bag'],
    material: 'vegan leather',
  },
  {
    name: "Men's Shoes",
    slug: 'mens-shoes',
    sizes: ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'],
    price: [1299, 5999],
    brands: ['Agra Steps', 'Red Trail', 'Stride'],
    items: ['Running Shoes', 'Leather Derby', 'Loafers', 'Canvas Sneakers', 'Chelsea Boots'],
    material: 'cushioned sole',
  },
  {
    name: 'Wallet',
    slug: 'wallet',
    sizes: ['Free Size'],
    price: [399, 1999],
    brands: ['Agra Steps', 'Peter & Sons', 'Hide Co.'],
    items: ['Bifold Wallet', 'Card Holder', 'Trifold Wallet', 'Coin Wallet', 'Passport Wallet'],
    material: 'genuine leather',
  },
  {
    name: 'Caps',
    slug: 'caps',
    sizes: ['Free Size'],
    price: [249, 899],
    brands: ['Urban Desi', 'Red Trail', 'Kapas'],
    items: ['Baseball Cap', 'Snapback Cap', 'Bucket Hat', 'Trucker Cap', 'Dad Cap'],
    material: 'cotton twill',
  },
  {
    name: 'Kurtas',
    slug: 'kurtas',
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    price: [599, 2999],
    brands: ['Fabindia Lane', 'Lucknow Chikan', 'Kalaa'],
    items: ['Chikankari Kurta', 'Straight Kurta', 'Khadi Kurta', 'Printed Kurta', 'Nehru Collar Kurta'],
    material: 'handloom cotton',
  },
  {
    name: 'Sarees',
    slug: 'sarees',
    sizes: ['Free Size'],
    price: [999, 9999],
    brands: ['Banaras Weaves', 'Kanchi Silks', 'Jaipur Craft'],
    items: ['Banarasi Silk Saree', 'Kanjeevaram Saree', 'Chiffon Saree', 'Cotton Saree', 'Bandhani Saree'],
    material: 'pure silk blend',
  },
  {
    name: 'Sunglasses',
    slug: 'sunglasses',
    sizes: ['Free Size'],
    price: [499, 2999],
    brands: ['Dhoop', 'Lenskart Lane', 'Stride'],
    items: ['Aviator Sunglasses', 'Wayfarer Sunglasses', 'Round Sunglasses', 'Sports Sunglasses', 'Cat-Eye Sunglasses'],
    material: 'UV400 polarised lenses',
  },
  {
    name: "Women's Footwear",
    slug: 'womens-footwear',
    sizes: ['UK 3', 'UK 4', 'UK 5', 'UK 6', 'UK 7'],
    price: [599, 3499],
    brands: ['Kolhapuri Co.', 'Mochi Lane', 'Stride'],
    items: ['Kolhapuri Chappals', 'Block Heels', 'Juttis', 'Ballet Flats', 'Wedge Sandals'],
    material: 'padded footbed',
  },
  {
    name: 'Backpacks',
    slug: 'backpacks',
    sizes: ['Free Size'],
    price: [799, 3999],
    brands: ['Trek India', 'Red Trail', 'Baggit Home'],
    items: ['Laptop Backpack', 'Travel Backpack', 'Daypack', 'Rolltop Backpack', 'School Backpack'],
    material: 'water-resistant polyester',
  },
  {
    name: 'Belts',
    slug: 'belts',
    sizes: ['32', '34', '36', '38'],
    price: [349, 1499],
    brands: ['Hide Co.', 'Peter & Sons', 'Agra Steps'],
    items: ['Leather Belt', 'Reversible Belt', 'Braided Belt', 'Formal Belt', 'Canvas Belt'],
    material: 'full-grain leather',
  },
];

const COLOURS = ['Indigo', 'Maroon', 'Olive', 'Mustard', 'Teal', 'Charcoal', 'Ivory', 'Rust', 'Navy', 'Saffron', 'Emerald', 'Black', 'Tan'];

/** mulberry32: a small deterministic PRNG (the seed data; the fuzz test's payloads). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Rounds rupees to a shop-like price ending in 9 (…49, …99). */
function shopPrice(rupees: number): number {
  const r = Math.max(99, Math.round(rupees / 50) * 50 - 1);
  return r;
}

const PRODUCTS_PER_CATEGORY = 11;
/** Newest product's creation time; the rest step back in hours. Fixed so the seed is reproducible. */
const NEWEST = Date.parse('2026-01-10T09:00:00.000Z');

export function buildCatalogue(): SeedProduct[] {
  const rand = prng(20260110);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const products: SeedProduct[] = [];
  const slugs = new Set<string>();
  let n = 0;
  for (const cat of CATEGORIES) {
    for (let i = 0; i < PRODUCTS_PER_CATEGORY; i += 1) {
      n += 1;
      const brand = cat.brands[i % cat.brands.length] as string;
      const item = cat.items[i % cat.items.length] as string;
      const colour = COLOURS[(n * 7 + i) % COLOURS.length] as string;
      const name = `${brand} ${colour} ${item}`;
      let slug = slugify(name);
      if (slugs.has(slug)) slug = `${slug}-${n}`;
      slugs.add(slug);
      const [lo, hi] = cat.price;
      const base = shopPrice(lo + rand() * (hi - lo));
      const discount = 0.15 + rand() * 0.4;
      // Every ninth product is sold out in every size; otherwise a size now and then is.
      const soldOut = n % 9 === 0;
      const variations = cat.sizes.map((label, k) => {
        const step = cat.sizes.length > 1 && k >= cat.sizes.length - 1 ? 100 : 0;
        const price = base + step;
        const mrp = shopPrice(price / (1 - discount));
        const stock = soldOut ? 0 : rand() < 0.12 ? 0 : 3 + Math.floor(rand() * 28);
        return { label, price: price * 100, mrp: Math.max(mrp, price) * 100, stock };
      });
      const description = `${name} by ${brand}, in ${cat.material}. ${pick([
        'Designed in India for everyday comfort.',
        'A wardrobe staple that goes with everything.',
        'Crafted by artisans and finished by hand.',
        'Lightweight, durable and easy to care for.',
      ])} ${pick(['Free delivery all over India.', 'Easy 7-day returns.', 'Cash on delivery available.'])}`;
      products.push({
        slug,
        name,
        description,
        brand,
        category: cat.slug,
        imageCount: 3 + (n % 3),
        retailerId: 1 + (n % 5),
        wholesalerId: n % 4 === 0 ? null : 101 + (n % 3),
        featured: n % 7 === 3,
        createdAt: new Date(NEWEST - (CATEGORIES.length * PRODUCTS_PER_CATEGORY - n) * 3_600_000 * 7).toISOString(),
        variations,
      });
    }
  }
  return products;
}
