import { notify, useForm } from '@storefront/shared';
import type { ShippingRulesChangeWire, ShippingRulesWire } from '@storefront/shared/staff';
import { TextField } from '../../components/TextField';
import type { ShopSettingsStore } from '../../stores/ShopSettingsStore';

/** A saved amount as the form shows it: "49.00" → "49", off → "". */
const shown = (v: string | null) => (v === null ? '' : v.replace(/\.00$/, ''));

type CodValues = { cod_max_order: string; cod_fee: string; cod_rto_limit: string; cod_otp_above: string };

/** Only what the owner changed, an emptied rule as null (off). */
function codChange(v: CodValues, saved: CodValues): ShippingRulesChangeWire {
  const change: ShippingRulesChangeWire = {};
  const off = (x: string) => (x.trim() === '' ? null : x.trim());
  if (v.cod_fee.trim() !== saved.cod_fee) change.cod_fee = v.cod_fee.trim();
  if (v.cod_max_order.trim() !== saved.cod_max_order) change.cod_max_order = off(v.cod_max_order);
  if (v.cod_otp_above.trim() !== saved.cod_otp_above) change.cod_otp_above = off(v.cod_otp_above);
  if (v.cod_rto_limit.trim() !== saved.cod_rto_limit) change.cod_rto_limit = v.cod_rto_limit.trim() === '' ? null : Number(v.cod_rto_limit);
  return change;
}

export function CodRulesForm({ store, rules }: { store: ShopSettingsStore; rules: ShippingRulesWire }) {
  const saved: CodValues = {
    cod_max_order: shown(rules.cod_max_order),
    cod_fee: shown(rules.cod_fee),
    cod_rto_limit: rules.cod_rto_limit === null ? '' : String(rules.cod_rto_limit),
    cod_otp_above: shown(rules.cod_otp_above),
  };
  const form = useForm((v) => v.codRulesSchema, saved, { failure: 'Could not save the COD rules' });
  const send = form.handleSubmit(async (v) => {
    const change = codChange(v, saved);
    if (Object.keys(change).length === 0) {
      notify.info('Nothing to change');
      return;
    }
    await store.changeRules(change);
    notify.success('COD rules saved: the shop applies them from now on');
  });
  const f = (name: keyof CodValues, label: string, hint: string) => (
    <TextField idPrefix="adm-cod" label={label} hint={hint} inputMode="decimal" {...form.field(name)} />
  );
  return (
    <form className="adm-form" noValidate onSubmit={send} aria-labelledby="adm-cod-title">
      <h2 id="adm-cod-title">Cash on delivery</h2>
      {f('cod_max_order', 'Maximum order value for COD (₹)', 'Empty: no limit')}
      {f('cod_fee', 'COD fee (₹)', 'Shown as its own line; shipping stays free')}
      {f('cod_otp_above', 'Confirm by one-time code above (₹)', 'Empty: no code asked')}
      {f('cod_rto_limit', 'Refuse COD after returned parcels', 'Parcels to one mobile returned unpaid; empty: off')}
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        Save COD rules
      </button>
    </form>
  );
}

export function ScheduleForm({ store, rules }: { store: ShopSettingsStore; rules: ShippingRulesWire }) {
  const saved = { processing_days: String(rules.processing_days), closing_time: rules.closing_time };
  const form = useForm((v) => v.deliveryRulesSchema, saved, { failure: 'Could not save the delivery rules' });
  const send = form.handleSubmit(async (v) => {
    const change: ShippingRulesChangeWire = {};
    if (v.processing_days.trim() !== saved.processing_days) change.processing_days = Number(v.processing_days);
    if (v.closing_time.trim() !== saved.closing_time) change.closing_time = v.closing_time.trim();
    if (Object.keys(change).length === 0) {
      notify.info('Nothing to change');
      return;
    }
    await store.changeRules(change);
    notify.success('Delivery rules saved: new estimates use them');
  });
  return (
    <form className="adm-form" noValidate onSubmit={send} aria-labelledby="adm-schedule-title">
      <h2 id="adm-schedule-title">Packing and dispatch</h2>
      <TextField idPrefix="adm-schedule" label="Processing days" inputMode="numeric" {...form.field('processing_days')} />
      <TextField
        idPrefix="adm-schedule"
        label="Closing time (IST)"
        placeholder="20:00"
        hint="An order after it is received the next working day. Sundays are always off."
        {...form.field('closing_time')}
      />
      <button type="submit" className="adm-btn" disabled={form.submitting}>
        Save delivery rules
      </button>
    </form>
  );
}
