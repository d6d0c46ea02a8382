import { Navigate, Route, Routes } from '@storefront/shared/router';
import { mountStandalone, paths } from '@storefront/shared';
import '@storefront/shared/styles.css';
import BackOffice from './BackOffice';

/**
 * Standalone dev mount (`pnpm --filter @storefront/admin dev`, the API on :3100 behind /api). The composed
 * site never runs this; there the shell's route table mounts the back office under /admin.
 */
mountStandalone(
  <Routes>
    <Route path="/admin/*" element={<BackOffice />} />
    <Route path="*" element={<Navigate to={paths.admin.home} replace />} />
  </Routes>,
);
