import { makeAutoObservable } from 'mobx';
import type { Order } from '../api/types';

/** Spec §3 UI state: overlays opened from one section and shown by another. Never restored (spec §4). */
export class UiStore {
  isCheckoutModalOpen = false;
  showSignUpModal = false;
  orderPopup: { open: boolean; order: Order | null } = { open: false, order: null };

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  openSignUpModal(): void {
    this.showSignUpModal = true;
  }

  closeSignUpModal(): void {
    this.showSignUpModal = false;
  }

  openCheckoutModal(): void {
    this.isCheckoutModalOpen = true;
  }

  closeCheckoutModal(): void {
    this.isCheckoutModalOpen = false;
  }

  openOrderPopup(order: Order): void {
    this.orderPopup = { open: true, order };
  }

  closeOrderPopup(): void {
    this.orderPopup = { open: false, order: null };
  }

  reset(): void {
    this.isCheckoutModalOpen = false;
    this.showSignUpModal = false;
    this.orderPopup = { open: false, order: null };
  }
}
