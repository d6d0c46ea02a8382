import { MOBILE_UNPROVEN_MESSAGE } from '@storefront/contract/wire';

/**
 * The shopper-facing messages of spec §5 and §8 in one place: the server message wins when present,
 * these are the fallbacks (`messageOf(err, MESSAGES.x)`).
 */
export const MESSAGES = {
  // Catalogue
  productsFailed: 'Failed to fetch products information',
  searchFailed: 'Failed to search products',
  storeInfoFailed: 'Failed to fetch store information',
  homeSectionsFailed: 'Failed to fetch home sections',
  featuredFailed: 'Failed to fetch store information',
  newArrivalsFailed: 'Failed to fetch store information',
  noCategories: 'No categories found',
  // Cart
  cartFetchFailed: 'Failed to fetch cart items',
  notAuthenticated: 'User not authenticated',
  addToCartFailed: 'Failed to add item to cart',
  addedGuest: 'Item added successfully in cart.',
  addedServer: 'Item added to cart.',
  quantityUpdated: 'Cart quantity updated',
  cartUpdated: 'Cart updated successfully',
  updateCartFailed: 'Failed to update cart',
  updateCartItemFailed: 'Failed to update cart item',
  cartAmountLimit: 'Cart amount limit exceeded',
  cartTotalLimit: 'Cart total cannot exceed ₹10,000.',
  removed: 'Item removed from cart',
  removeFailed: 'Failed to remove item from cart',
  syncFailed: 'Failed to sync cart items',
  syncNothing: 'No token or cart items found',
  noMoreItems: 'No more items can be added',
  // Wishlist
  wishlistFetchFailed: 'Failed to fetch store information',
  wishlistFailed: 'Something went wrong',
  wishlistSignIn: 'Please sign in to use your wishlist',
  // Account
  somethingWentWrong: 'Something went wrong',
  registrationFailed: 'Registration failed',
  registrationSuccess: 'Registration successful. Please sign in.',
  loginSuccess: 'Login successful.',
  loginFailed: 'Login failed',
  verifyEmail: 'Please verify your email before logging in.',
  logoutSuccess: 'Logout successful',
  logoutFailed: 'Logout failed',
  resetPasswordFailed: 'Failed to reset password',
  sendOtpFailed: 'Failed to send OTP',
  otpSent: 'OTP sent successfully',
  notRegistered: 'Mobile number is not registered. Please sign up.',
  /** Issue 34: the mobile is on an account but was never proved there. */
  mobileUnproven: MOBILE_UNPROVEN_MESSAGE,
  invalidOtp: 'Invalid OTP',
  otpVerificationFailed: 'OTP verification failed',
  otpVerified: 'OTP verified successfully',
  shippingAddressSaveFailed: 'Failed to save shipping address',
  shippingAddressFetchFailed: 'Failed to fetch shipping address',
  /** Issue 39: the address book and tax documents (the spec has no wording for them). */
  addressDeleteFailed: 'Failed to delete the address',
  documentFailed: 'Failed to download the document',
  accountDetailsFailed: 'Failed to update account details',
  // Orders
  ordersFetchFailed: 'Failed to fetch orders',
  cancelOrderFailed: 'Failed to cancel order',
  checkoutFailed: 'Checkout failed',
  checkoutError: 'Something went wrong during checkout',
  placeOrderFailed: 'Failed to place order',
  orderPlaced: 'Order placed successfully',
  couponFailed: 'Failed to apply discount',
  couponInvalid: 'Invalid Code',
  // Other
  contactFailed: 'Failed to submit form',
  contactSuccess: 'Form submitted successfully',
} as const;

export type MessageKey = keyof typeof MESSAGES;
