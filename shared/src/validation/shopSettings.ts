import * as yup from 'yup';
import {
  CLOSING_TIME_PATTERN,
  GST_RATE_PATTERN,
  HSN_PATTERN,
  RUPEES_PATTERN,
  SETTINGS_LIMITS as L,
  SETTINGS_MESSAGES as M,
} from '@storefront/contract/shop-settings';

/**
 * The owner's settings forms (issue 39) with the settings API's own words (contract SETTINGS_MESSAGES).
 * Values are the form's text; an empty COD rule switches it off.
 */
const amount = (label: string, required: boolean) => {
  const s = yup
    .string()
    .trim()
    .matches(new RegExp(RUPEES_PATTERN), { message: M.rupees(label), excludeEmptyString: true });
  return required ? s.required(M.rupees(label)) : s;
};
const whole = (label: string, min: number, max: number, required = true) =>
  yup
    .string()
    .trim()
    .test('whole', M.whole(label, min, max), (v) => (!v ? !required : /^\d{1,3}$/.test(v) && Number(v) >= min && Number(v) <= max));

export const codRulesSchema = yup.object({
  cod_max_order: amount('Maximum COD order value', false),
  cod_fee: amount('COD fee', true),
  cod_rto_limit: whole('Returned parcels', L.rtoMin, L.rtoMax, false),
  cod_otp_above: amount('One-time code threshold', false),
});

export const deliveryRulesSchema = yup.object({
  processing_days: whole('Processing days', 0, L.processingDays),
  closing_time: yup.string().trim().required(M.closingTime).matches(new RegExp(CLOSING_TIME_PATTERN), M.closingTime),
});

export const zoneDaysSchema = yup.object({
  min_days: whole('Fewest days', 0, L.courierDays),
  max_days: whole('Most days', 0, L.courierDays).test('order', M.maxDays, function check(max) {
    const min = Number((this.parent as { min_days?: string }).min_days);
    return !max || Number.isNaN(min) || Number(max) >= min;
  }),
});

export const holidaySchema = yup.object({
  day: yup
    .string()
    .required('Date is required')
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)'),
  name: yup.string().trim().max(80, 'Cannot exceed 80 characters'),
});

export const gstRateSchema = yup.object({
  hsn: yup.string().trim().required(M.hsn).matches(new RegExp(HSN_PATTERN), M.hsn),
  rate: yup.string().trim().required(M.rate).matches(new RegExp(GST_RATE_PATTERN), M.rate),
  threshold: yup
    .string()
    .trim()
    .matches(/^\d{1,7}$/, { message: M.threshold, excludeEmptyString: true }),
  rate_above: yup
    .string()
    .trim()
    .matches(new RegExp(GST_RATE_PATTERN), { message: M.rate, excludeEmptyString: true })
    .test('pair', M.thresholdPair, function check(above) {
      const threshold = (this.parent as { threshold?: string }).threshold?.trim();
      return !threshold === !above;
    }),
});
