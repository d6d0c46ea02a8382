import { useStores, type RootStore } from '@storefront/shared';
import { createAdmin, type Admin } from './AdminContext';
import { AdminApp } from './AdminApp';
import './admin.css';

/** One back office per page: its staff client and session outlive navigation between its pages. */
let pageAdmin: Admin | null = null;

function adminOf(root: RootStore): Admin {
  if (!pageAdmin) {
    if (!root.connection) throw new Error('The back office needs the API connection of the runtime config');
    let storage: Storage | undefined;
    try {
      storage = window.sessionStorage;
    } catch {
      storage = undefined; // blocked storage: the session lives as long as the page
    }
    pageAdmin = createAdmin(root.connection, storage);
  }
  return pageAdmin;
}

/** /admin/*: the shop's back office (issue 38), mounted by the shell's route table and nowhere else. */
export default function BackOffice() {
  return <AdminApp admin={adminOf(useStores())} />;
}
