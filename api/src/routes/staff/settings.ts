import {
  CLOSING_TIME_PATTERN,
  GST_RATE_PATTERN,
  HSN_PATTERN,
  PINCODE_PATTERN,
  PINCODE_SEARCH_LIMIT,
  RUPEES_PATTERN,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES as M,
} from '@storefront/contract';
import { answer, body, reply, staffSecurity, type RoutesPlugin } from '../../schemas';
import { changeHoliday, loadPincodes, PincodeFileError } from '../../domain/delivery';
import { parseRateArgs } from '../../domain/invoices';
import {
  changeGstRate,
  changeRulesFromPage,
  readShopSettings,
  searchPincodes,
  setPincodeCod,
  setZoneDays,
  staffActor,
} from '../../domain/shopSettings';
import { AppError, fieldError } from '../../lib/errors';

/** A pincode list of all India is about 1 MB of CSV; room for longer district names. */
const PINCODE_FILE_BYTES = 4 * 1024 * 1024;

const rupees = (label: string) =>
  ({
    type: 'string',
    pattern: RUPEES_PATTERN,
    'x-messages': { invalid: M.rupees(label) },
  }) as const;
const rupeesOrOff = (label: string) => ({ ...rupees(label), type: ['string', 'null'] }) as const;
const whole = (label: string, min: number, max: number) =>
  ({
    type: 'integer',
    minimum: min,
    maximum: max,
    'x-messages': { required: `${label} is required`, invalid: M.whole(label, min, max) },
  }) as const;
const wholeOrOff = (label: string, min: number, max: number) => ({ ...whole(label, min, max), type: ['integer', 'null'] }) as const;
const percent = {
  type: 'string',
  pattern: GST_RATE_PATTERN,
  'x-messages': { required: 'Rate is required', invalid: M.rate },
} as const;
const pincodeParam = {
  type: 'object',
  properties: { pincode: { type: 'string', pattern: PINCODE_PATTERN, 'x-messages': { invalid: 'Must be a valid 6-digit pincode' } } },
  required: ['pincode'],
  additionalProperties: false,
} as const;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const rulesReply = answer({
  processing_days: int,
  closing_time: str,
  cod_max_order: strOrNull,
  cod_fee: str,
  cod_rto_limit: { type: ['integer', 'null'] },
  cod_otp_above: strOrNull,
});
const pincodeReply = answer({
  pincode: str,
  district: str,
  state: str,
  zone: str,
  min_days: int,
  max_days: int,
  cod: { type: 'boolean' },
  cod_excluded: { type: 'boolean' },
});
const settingsReply = answer({
  rules: rulesReply,
  holidays: { type: 'array', items: answer({ day: str, name: str }) },
  zones: { type: 'array', items: answer({ zone: str, pincodes: int, min_days: int, max_days: int }) },
  pincodes: int,
  cod_excluded: { type: 'array', items: str },
  gst_rates: {
    type: 'array',
    items: answer({ category_id: int, slug: str, name: str, hsn: strOrNull, rate: strOrNull, threshold: strOrNull, rate_above: strOrNull }),
  },
});

/** The owner's settings page: delivery and COD rules, zones, holidays, the pincode list, GST rates (owner only, each recorded). */
export const staffSettingsRoutes: RoutesPlugin = async (app) => {
  const config = { staff: 'owner' as const };
  const schema = (summary: string) => ({ tags: ['staff'], summary, security: staffSecurity });

  app.get(
    '/settings',
    { config, schema: { ...schema('The delivery, COD and GST settings'), response: reply(settingsReply) } },
    async () => ({
      success: true,
      data: await readShopSettings(app.repos),
    }),
  );

  app.post(
    '/settings/rules',
    {
      config,
      schema: {
        ...schema('Changes the delivery schedule and cash-on-delivery rules (null switches a COD rule off)'),
        body: {
          ...body(
            {
              processing_days: whole('Processing days', 0, SETTINGS_LIMITS.processingDays),
              closing_time: {
                type: 'string',
                pattern: CLOSING_TIME_PATTERN,
                'x-messages': { invalid: M.closingTime },
              },
              cod_max_order: rupeesOrOff('Maximum COD order value'),
              cod_fee: rupees('COD fee'),
              cod_rto_limit: wholeOrOff('Returned parcels', SETTINGS_LIMITS.rtoMin, SETTINGS_LIMITS.rtoMax),
              cod_otp_above: rupeesOrOff('One-time code threshold'),
            },
            [],
          ),
          minProperties: 1,
          'x-messages': { minProperties: 'Nothing to change' },
        },
        response: reply(answer({ rules: rulesReply })),
      },
    },
    async (req) => ({
      success: true,
      message: 'Rules saved: the shop applies them from now on',
      data: { rules: await changeRulesFromPage(app.tx, req.body, staffActor(req.requireStaff().member)) },
    }),
  );

  app.post(
    '/settings/holidays',
    {
      config,
      schema: {
        ...schema('Adds or renames a holiday (no packing or delivery), or removes it with name null'),
        body: body(
          {
            day: { type: 'string', format: 'date', 'x-messages': { required: 'Date is required', invalid: 'Must be a date (YYYY-MM-DD)' } },
            name: { type: ['string', 'null'], maxLength: 80, 'x-messages': { maxLength: 'Cannot exceed 80 characters' } },
          },
          ['day', 'name'],
        ),
        response: reply(),
      },
    },
    async (req) => {
      const { member } = req.requireStaff();
      await changeHoliday(app.tx, req.body.day, req.body.name, staffActor(member).by, member.id);
      return { success: true, message: req.body.name === null ? 'Holiday removed' : 'Holiday saved' };
    },
  );

  app.post(
    '/settings/zones',
    {
      config,
      schema: {
        ...schema("Gives every pincode of a zone the same courier days (the list's delivery_days)"),
        body: body(
          {
            zone: { type: 'string', minLength: 1, maxLength: 80, 'x-messages': { required: 'Zone is required' } },
            min_days: whole('Fewest days', 0, SETTINGS_LIMITS.courierDays),
            max_days: whole('Most days', 0, SETTINGS_LIMITS.courierDays),
          },
          ['zone', 'min_days', 'max_days'],
        ),
        response: reply(),
      },
    },
    async (req) => {
      await setZoneDays(app.tx, req.body.zone, req.body.min_days, req.body.max_days, staffActor(req.requireStaff().member));
      return { success: true, message: `Zone ${req.body.zone}: ${req.body.min_days}–${req.body.max_days} days` };
    },
  );

  app.get(
    '/settings/pincodes',
    {
      config,
      schema: {
        ...schema(`Pincodes of the list starting with \`search\` (at most ${PINCODE_SEARCH_LIMIT})`),
        querystring: {
          type: 'object',
          properties: {
            search: { type: 'string', pattern: '^[1-9]\\d{0,5}$', 'x-messages': { invalid: 'Type the first digits of a pincode' } },
          },
          required: ['search'],
          additionalProperties: false,
        } as const,
        response: reply(answer({ pincodes: { type: 'array', items: pincodeReply } })),
      },
    },
    async (req) => ({ success: true, data: { pincodes: await searchPincodes(app.repos, req.query.search, PINCODE_SEARCH_LIMIT) } }),
  );

  app.post(
    '/settings/pincodes/:pincode',
    {
      config,
      schema: {
        ...schema('Turns cash on delivery on or off for one pincode of the list'),
        params: pincodeParam,
        body: body({ cod: { type: 'boolean', 'x-messages': { required: 'Say cod: true or false', invalid: 'Must be true or false' } } }, [
          'cod',
        ]),
        response: reply(answer({ pincode: pincodeReply })),
      },
    },
    async (req) => ({
      success: true,
      message: req.body.cod ? 'Cash on delivery offered there' : 'No cash on delivery there',
      data: { pincode: await setPincodeCod(app.tx, req.params.pincode, req.body.cod, staffActor(req.requireStaff().member)) },
    }),
  );

  app.post(
    '/settings/gst-rates/:category_id',
    {
      config,
      schema: {
        ...schema("Sets a category's HSN code and GST rate (and for apparel the value per piece and the rate above)"),
        params: {
          type: 'object',
          properties: { category_id: { type: 'integer', minimum: 1, 'x-messages': { invalid: 'Invalid category' } } },
          required: ['category_id'],
          additionalProperties: false,
        } as const,
        body: body(
          {
            hsn: {
              type: 'string',
              pattern: HSN_PATTERN,
              'x-messages': { required: 'HSN is required', invalid: M.hsn },
            },
            rate: percent,
            threshold: {
              type: ['string', 'null'],
              pattern: '^\\d{1,7}$',
              'x-messages': { invalid: M.threshold },
            },
            rate_above: { ...percent, type: ['string', 'null'] },
          },
          ['hsn', 'rate'],
        ),
        response: reply(),
      },
    },
    async (req) => {
      const { hsn, rate, threshold, rate_above } = req.body;
      const args = [hsn, rate, ...(threshold || rate_above ? [threshold ?? '', rate_above ?? ''] : [])];
      const row = parseRateArgs(req.params.category_id, args);
      if (typeof row === 'string') throw fieldError(threshold || rate_above ? 'rate_above' : 'rate', row);
      await changeGstRate(app.tx, row, staffActor(req.requireStaff().member));
      return { success: true, message: 'GST rate saved: invoices issued from now on use it' };
    },
  );

  // The owner's CSV as the body (text/csv): the same loader and checks as `pincodes:load`.
  const upload: RoutesPlugin = async (files) => {
    files.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: PINCODE_FILE_BYTES }, (_req, raw, done) =>
      done(null, raw),
    );
    files.post(
      '/settings/pincodes',
      {
        config,
        schema: {
          ...schema('Replaces the pincode list with the CSV sent as the body (pincode,district,state,zone,cod,delivery_days)'),
          consumes: ['text/csv'],
          body: {
            type: 'string',
            description: 'the CSV file, a header line first',
            'x-messages': { type: 'Choose a CSV file of pincodes' },
          },
          response: reply(answer({ before: { type: 'integer' }, after: { type: 'integer' } })),
        },
      },
      async (req) => {
        const { member } = req.requireStaff();
        if (typeof req.body !== 'string' || req.body.trim() === '') throw fieldError('file', 'Choose a CSV file of pincodes');
        try {
          const counts = await loadPincodes(app.tx, req.body, staffActor(member).by, member.id);
          return { success: true, message: `${counts.after} pincodes served (were ${counts.before})`, data: counts };
        } catch (err) {
          if (err instanceof PincodeFileError) throw new AppError(422, err.problems, { file: err.problems.join('\n') });
          throw err;
        }
      },
    );
  };
  await app.register(upload);
};
