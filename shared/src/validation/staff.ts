import * as yup from 'yup';
import { TRACKING_URL_PATTERN } from '@storefront/contract/fulfilment';
import { STAFF_ROLES } from '@storefront/contract/staff';
import { VALIDATION, emailField, nameField, passwordField, phoneField } from './schemas';

/**
 * The back office's forms (issue 38), with the staff API's own messages (api/src/routes/staff/*), so a
 * member sees the same words whether the browser or the server caught the mistake.
 */
export const STAFF_VALIDATION = {
  codeRequired: 'Code is required',
  codeInvalid: 'Code must be 6 digits',
  courierRequired: 'Courier is required',
  awbRequired: 'Tracking number (AWB) is required',
  awbInvalid: 'Tracking number must be 4 to 40 letters, digits or dashes',
  trackingUrl: 'Tracking link must be an https:// address',
  amount: 'Must be an amount in rupees',
  reasonRequired: 'Please give the reason for cancelling',
  https: 'Must be an https:// link',
  colour: 'Must be a colour like #1a2b3c or #abc',
  stock: 'Stock must be a whole number from 0',
  priceAboveMrp: 'Selling price cannot be above the MRP',
  storeNameRequired: 'Store name is required',
  role: 'Choose owner or staff',
} as const;

const RUPEES = /^\d{1,7}(\.\d{1,2})?$/;
const HTTPS = /^https:\/\/[^\s<>"]+$/;
const COLOUR = /^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/;

/** An optional https link ("" means none). */
const httpsField = () =>
  yup
    .string()
    .trim()
    .max(500, 'Cannot exceed 500 characters')
    .test('https', STAFF_VALIDATION.https, (v) => !v || HTTPS.test(v));
/** An optional theme colour ("" means the shop's default). */
const colourField = () =>
  yup
    .string()
    .trim()
    .test('colour', STAFF_VALIDATION.colour, (v) => !v || COLOUR.test(v));

export const staffSignInSchema = yup.object({ email: emailField(), password: yup.string().required(VALIDATION.passwordRequired) });

export const staffCodeSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required(STAFF_VALIDATION.codeRequired)
    .matches(/^\d{6}$/, STAFF_VALIDATION.codeInvalid),
});

export const dispatchSchema = yup.object({
  courier: yup.string().trim().required(STAFF_VALIDATION.courierRequired).max(60, 'Cannot exceed 60 characters'),
  tracking_number: yup
    .string()
    .trim()
    .required(STAFF_VALIDATION.awbRequired)
    .matches(/^[A-Za-z0-9-]{4,40}$/, STAFF_VALIDATION.awbInvalid),
  tracking_url: yup
    .string()
    .trim()
    .max(500, 'Cannot exceed 500 characters')
    .test('https', STAFF_VALIDATION.trackingUrl, (v) => !v || new RegExp(TRACKING_URL_PATTERN).test(v)),
});

export const collectedSchema = yup.object({
  collected_amount: yup.string().trim().required(STAFF_VALIDATION.amount).matches(RUPEES, STAFF_VALIDATION.amount),
});

export const staffCancelSchema = yup.object({
  reason: yup.string().trim().required(STAFF_VALIDATION.reasonRequired).max(300, 'Cannot exceed 300 characters'),
});

export const variationSchema = yup.object({
  stock: yup
    .string()
    .trim()
    .required(STAFF_VALIDATION.stock)
    .matches(/^\d{1,7}$/, STAFF_VALIDATION.stock),
  price: yup.string().trim().required(VALIDATION.required).matches(RUPEES, STAFF_VALIDATION.amount),
  mrp: yup
    .string()
    .trim()
    .required(VALIDATION.required)
    .matches(RUPEES, STAFF_VALIDATION.amount)
    .test('mrp', STAFF_VALIDATION.priceAboveMrp, function check(mrp) {
      const price = Number((this.parent as { price?: string }).price);
      return !mrp || Number.isNaN(price) || Number(mrp) >= price;
    }),
});

/** Spec §3 store information and theme: https links only, #rgb/#rrggbb colours, spec §5 e-mail and mobile. */
export const storeInfoSchema = yup.object({
  store_name: yup.string().trim().required(STAFF_VALIDATION.storeNameRequired).max(80, 'Cannot exceed 80 characters'),
  logo: httpsField(),
  email: emailField(),
  mobile_no: phoneField(),
  store_time: yup.string().max(120, 'Cannot exceed 120 characters'),
  offer_text: yup.string().max(200, 'Cannot exceed 200 characters'),
  facebook_url: httpsField(),
  instagram_url: httpsField(),
  twitter_url: httpsField(),
  fontFamily: yup.string().matches(/^[A-Za-z0-9 '-]{0,60}$/, 'Must be a font name'),
  backgroundColor: colourField(),
  buttonBackgroundColor: colourField(),
  topHeaderBackgroundColor: colourField(),
  headerBackgroundColor: colourField(),
  footerBackgroundColor: colourField(),
  bottomFooterBackgroundColor: colourField(),
  bannerType: yup.string().matches(/^[a-z_-]{0,30}$/, 'Must be a layout name (lower-case letters)'),
  categoryLayout: yup.string().matches(/^[a-z_-]{0,30}$/, 'Must be a layout name (lower-case letters)'),
});

export const staffMemberSchema = yup.object({
  email: emailField(),
  name: nameField(),
  role: yup
    .string()
    .required(STAFF_VALIDATION.role)
    .oneOf([...STAFF_ROLES], STAFF_VALIDATION.role),
  password: passwordField(),
});
