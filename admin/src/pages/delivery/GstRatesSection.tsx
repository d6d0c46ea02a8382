import { notify, useForm } from '@storefront/shared';
import type { GstRateWire } from '@storefront/shared/staff';
import { TextField } from '../../components/TextField';
import type { ShopSettingsStore } from '../../stores/ShopSettingsStore';

function RateForm({ store, rate }: { store: ShopSettingsStore; rate: GstRateWire }) {
  const saved = {
    hsn: rate.hsn ?? '',
    rate: rate.rate ?? '',
    threshold: rate.threshold?.replace(/\.00$/, '') ?? '',
    rate_above: rate.rate_above ?? '',
  };
  const form = useForm((v) => v.gstRateSchema, saved, { failure: 'Could not save the GST rate' });
  const send = form.handleSubmit(async (v) => {
    const threshold = v.threshold.trim();
    await store.changeGstRate(rate.category_id, {
      hsn: v.hsn.trim(),
      rate: v.rate.trim(),
      threshold: threshold || null,
      rate_above: threshold ? v.rate_above.trim() : null,
    });
    notify.success(`${rate.name}: invoices issued from now on use HSN ${v.hsn.trim()} at ${v.rate.trim()}%`);
  });
  const id = `adm-gst-${rate.slug}`;
  return (
    <form className="adm-card" noValidate onSubmit={send} aria-label={`GST for ${rate.name}`}>
      <p className="adm-card__head">
        <strong>{rate.name}</strong> {rate.hsn === null && <span className="adm-muted">not classified: invoiced at 18%</span>}
      </p>
      <TextField idPrefix={id} label="HSN" inputMode="numeric" {...form.field('hsn')} />
      <TextField idPrefix={id} label="GST rate (%)" inputMode="decimal" {...form.field('rate')} />
      <TextField idPrefix={id} label="Up to ₹ a piece (optional)" inputMode="numeric" {...form.field('threshold')} />
      <TextField idPrefix={id} label="Rate above it (%)" inputMode="decimal" {...form.field('rate_above')} />
      <button type="submit" className="adm-btn adm-btn--plain" disabled={form.submitting}>
        Save {rate.name}
      </button>
    </form>
  );
}

export function GstRatesSection({ store, rates }: { store: ShopSettingsStore; rates: GstRateWire[] }) {
  return (
    <section className="adm-form" aria-labelledby="adm-gst-title">
      <h2 id="adm-gst-title">GST by category</h2>
      <p className="adm-muted">
        The HSN code and rate printed on each invoice line; apparel may pay a second rate above a value per piece.
      </p>
      {rates.map((r) => (
        <RateForm key={`${r.category_id}-${r.hsn}-${r.rate}-${r.threshold}-${r.rate_above}`} store={store} rate={r} />
      ))}
    </section>
  );
}
