import { notify, reportError, useForm } from '@storefront/shared';
import type { DeliveryZone } from '@storefront/shared/staff';
import { TextField } from '../../components/TextField';
import type { ShopSettingsStore } from '../../stores/ShopSettingsStore';

export function HolidaysSection({ store, holidays }: { store: ShopSettingsStore; holidays: { day: string; name: string }[] }) {
  const form = useForm((v) => v.holidaySchema, { day: '', name: '' }, { failure: 'Could not save the holiday' });
  const send = form.handleSubmit(async (v) => {
    await store.changeHoliday(v.day, v.name.trim() || 'Holiday');
    notify.success(`${v.day} is a holiday: nobody packs or delivers`);
    form.setValues({ day: '', name: '' });
  });
  const remove = (day: string) =>
    store
      .changeHoliday(day, null)
      .then(() => notify.success(`${day} is a working day again`))
      .catch((err: unknown) => reportError(err, 'Could not remove the holiday'));
  return (
    <section className="adm-form" aria-labelledby="adm-holidays-title">
      <h2 id="adm-holidays-title">Holidays</h2>
      <p className="adm-muted">Besides Sundays: days the shop does not pack and couriers do not deliver.</p>
      <ul className="adm-list" aria-label="Holidays">
        {holidays.map((h) => (
          <li key={h.day}>
            {h.day} {h.name}{' '}
            <button type="button" className="adm-btn adm-btn--plain" onClick={() => void remove(h.day)} aria-label={`Remove ${h.day}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form noValidate onSubmit={send} aria-label="Add a holiday">
        <TextField idPrefix="adm-holiday" label="Date" type="date" {...form.field('day')} />
        <TextField idPrefix="adm-holiday" label="Name" {...form.field('name')} />
        <button type="submit" className="adm-btn" disabled={form.submitting}>
          Add holiday
        </button>
      </form>
    </section>
  );
}

function ZoneForm({ store, zone }: { store: ShopSettingsStore; zone: DeliveryZone }) {
  const saved = { min_days: String(zone.min_days), max_days: String(zone.max_days) };
  const form = useForm((v) => v.zoneDaysSchema, saved, { failure: 'Could not save the zone' });
  const send = form.handleSubmit(async (v) => {
    await store.changeZone(zone.zone, Number(v.min_days), Number(v.max_days));
    notify.success(`${zone.zone}: ${v.min_days}–${v.max_days} days with the courier`);
  });
  return (
    <form className="adm-card" noValidate onSubmit={send} aria-label={`Zone ${zone.zone}`}>
      <p className="adm-card__head">
        <strong>{zone.zone}</strong> <span className="adm-muted">{zone.pincodes.toLocaleString('en-IN')} pincodes</span>
      </p>
      <TextField idPrefix={`adm-zone-${zone.zone}`} label="Fewest days" inputMode="numeric" {...form.field('min_days')} />
      <TextField idPrefix={`adm-zone-${zone.zone}`} label="Most days" inputMode="numeric" {...form.field('max_days')} />
      <button type="submit" className="adm-btn adm-btn--plain" disabled={form.submitting}>
        Save {zone.zone}
      </button>
    </form>
  );
}

export function ZonesSection({ store, zones }: { store: ShopSettingsStore; zones: DeliveryZone[] }) {
  return (
    <section className="adm-form" aria-labelledby="adm-zones-title">
      <h2 id="adm-zones-title">Courier days by zone</h2>
      <p className="adm-muted">Working days with the courier after dispatch, for every pincode of the zone.</p>
      {zones.length === 0 && <p className="adm-muted">No pincode list loaded: the shop delivers all over India in 3–7 days.</p>}
      {zones.map((z) => (
        <ZoneForm key={`${z.zone}-${z.min_days}-${z.max_days}`} store={store} zone={z} />
      ))}
    </section>
  );
}
