import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { reportError, useDocumentTitle } from '@storefront/shared';
import { useAdmin } from '../AdminContext';
import { ShopSettingsStore } from '../stores/ShopSettingsStore';
import { CodRulesForm, ScheduleForm } from './delivery/RulesForms';
import { HolidaysSection, ZonesSection } from './delivery/ZonesAndHolidays';
import { PincodeSection } from './delivery/PincodeSection';
import { GstRatesSection } from './delivery/GstRatesSection';

/**
 * Owners only (issue 39): the rules the shop's pincode check and checkout apply, the pincode list and
 * the GST classification. Each save is one recorded change; the shop follows it within a second.
 */
export const DeliverySettingsPage = observer(function DeliverySettingsPage() {
  useDocumentTitle('Delivery, COD and GST');
  const { settings: api } = useAdmin();
  const [store] = useState(() => new ShopSettingsStore(api));
  useEffect(() => {
    store.load().catch((err: unknown) => reportError(err, 'Could not load the delivery settings'));
  }, [store]);
  const s = store.settings;
  return (
    <section className="adm-page" aria-labelledby="adm-delivery-title">
      <h1 id="adm-delivery-title">Delivery, COD and GST</h1>
      {!s ? (
        <p className="adm-muted">{store.error ?? 'Loading…'}</p>
      ) : (
        <>
          {/* Keyed by what is saved: after a save the form starts from the stored values. */}
          <CodRulesForm key={`cod-${JSON.stringify(s.rules)}`} store={store} rules={s.rules} />
          <ScheduleForm key={`schedule-${s.rules.processing_days}-${s.rules.closing_time}`} store={store} rules={s.rules} />
          <HolidaysSection store={store} holidays={s.holidays} />
          <ZonesSection store={store} zones={s.zones} />
          <PincodeSection store={store} served={s.pincodes} excluded={s.cod_excluded} />
          <GstRatesSection store={store} rates={s.gst_rates} />
        </>
      )}
    </section>
  );
});
