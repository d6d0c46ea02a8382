import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations take `Kysely<any>` in Kysely's own docs because they run against an unknown past schema;
// `unknown` keeps the no-any rule and works the same for the schema builder.
type Db = Kysely<unknown>;

const sqlCheck = (condition: string) => sql.raw<boolean>(condition);

/** Auto-increment primary key: the one column definition that differs between SQLite and PostgreSQL. */
function withId<T extends string>(db: Db, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
  );
}

export async function up(db: Db): Promise<void> {
  const s = db.schema;

  await s
    .createTable('store_info')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('store_name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('mobile_no', 'text', (c) => c.notNull())
    .addColumn('store_time', 'text', (c) => c.notNull())
    .addColumn('offer_text', 'text', (c) => c.notNull())
    .addColumn('facebook_url', 'text', (c) => c.notNull())
    .addColumn('instagram_url', 'text', (c) => c.notNull())
    .addColumn('twitter_url', 'text', (c) => c.notNull())
    .addColumn('font_family', 'text', (c) => c.notNull())
    .addColumn('background_color', 'text', (c) => c.notNull())
    .addColumn('button_background_color', 'text', (c) => c.notNull())
    .addColumn('top_header_background_color', 'text', (c) => c.notNull())
    .addColumn('header_background_color', 'text', (c) => c.notNull())
    .addColumn('footer_background_color', 'text', (c) => c.notNull())
    .addColumn('bottom_footer_background_color', 'text', (c) => c.notNull())
    .addColumn('banner_type', 'text', (c) => c.notNull())
    .addColumn('category_layout', 'text', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('categories'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('products'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('image_count', 'integer', (c) => c.notNull())
    .addColumn('retailer_id', 'integer', (c) => c.notNull())
    .addColumn('wholesaler_id', 'integer')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('display_price', 'integer', (c) => c.notNull())
    .addColumn('display_mrp', 'integer', (c) => c.notNull())
    .addColumn('total_stock', 'integer', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('products_category').on('products').columns(['category_id', 'created_at']).execute();
  await s.createIndex('products_created').on('products').columns(['created_at']).execute();
  await s.createIndex('products_price').on('products').columns(['display_price']).execute();

  await withId(db, s.createTable('variations'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sqlCheck('price >= 0')))
    .addColumn('mrp', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().check(sqlCheck('stock >= 0')))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('variations_product').on('variations').columns(['product_id', 'sort_order']).execute();
  await s.createIndex('variations_label').on('variations').columns(['label']).execute();

  await withId(db, s.createTable('customers'))
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('phone_number', 'text', (c) => c.unique())
    .addColumn('alt_phone_number', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('address', 'text')
    .addColumn('pincode', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('address_alt_phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('sessions'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await withId(db, s.createTable('password_resets'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withId(db, s.createTable('otps'))
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute();
  await s.createIndex('otps_mobile').on('otps').columns(['mobile', 'purpose', 'created_at']).execute();

  await withId(db, s.createTable('cart_items'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('variation_id', 'integer', (c) => c.notNull().references('variations.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sqlCheck('quantity >= 1 and quantity <= 5')))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cart_items_line', ['customer_id', 'variation_id'])
    .execute();

  await withId(db, s.createTable('wishlist'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wishlist_line', ['customer_id', 'product_id'])
    .execute();

  await withId(db, s.createTable('coupons'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'integer', (c) => c.notNull())
    .addColumn('max_discount', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await s
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('coupon_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();

  await withId(db, s.createTable('orders'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('variation_id', 'integer', (c) => c.notNull().references('variations.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_slug', 'text', (c) => c.notNull())
    .addColumn('product_image', 'text', (c) => c.notNull())
    .addColumn('product_variation', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price', 'integer', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('discount_amount', 'integer', (c) => c.notNull())
    .addColumn('final_amount', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.references('payments.id'))
    .addColumn('coupon_code', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancel_reason', 'text')
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('alt_phone_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute();
  await s.createIndex('orders_payment').on('orders').columns(['payment_id']).execute();

  await withId(db, s.createTable('order_history'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('order_history_order').on('order_history').columns(['order_id']).execute();

  await withId(db, s.createTable('states'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await withId(db, s.createTable('cities'))
    .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('cities_state').on('cities').columns(['state_id']).execute();

  await withId(db, s.createTable('contact_messages'))
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('subscribe', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('newsletter'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('banners'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('cta', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('home_sections'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, s.createTable('about_sections'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  const tables = [
    'about_sections',
    'home_sections',
    'banners',
    'newsletter',
    'contact_messages',
    'cities',
    'states',
    'order_history',
    'orders',
    'payments',
    'coupons',
    'wishlist',
    'cart_items',
    'otps',
    'password_resets',
    'sessions',
    'customers',
    'variations',
    'products',
    'categories',
    'store_info',
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
