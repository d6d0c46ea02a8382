import type { Api } from './Api';
import type { ApiClient } from './client';

type AccountApi = Pick<
  Api,
  | 'sendSignUpOtp'
  | 'register'
  | 'updateUserDetails'
  | 'verifyEmail'
  | 'login'
  | 'logout'
  | 'getProfile'
  | 'forgotPassword'
  | 'resetPasswordWithToken'
  | 'changePassword'
  | 'sendOtp'
  | 'sendLoginOtp'
  | 'verifyCheckoutOtp'
  | 'verifyLoginOtp'
  | 'saveShippingAddress'
  | 'getShippingAddress'
  | 'updateAccountDetails'
  | 'sendMobileOtp'
  | 'verifyMobile'
  | 'getAddresses'
  | 'addAddress'
  | 'updateAddress'
  | 'makeDefaultAddress'
  | 'deleteAddress'
>;

/** Account calls of spec §7. `storeToken` is the fixed store-level `user_token` some bodies carry. */
export function accountApi(c: ApiClient, storeToken: string): AccountApi {
  return {
    sendSignUpOtp: (payload, o) => c.post('/customer/register/send-otp', payload, o),
    register: (payload, o) => c.post('/customer/register', payload, o),
    updateUserDetails: (payload, o) => c.post('/customer/update-user-details', payload, o),
    verifyEmail: (payload, o) => c.post('/customer/email/verify', payload, o),
    login: (payload, o) => c.post('/customer/login', payload, o),
    logout: (o) => c.post('/customer/logout', { user_token: storeToken }, o),
    getProfile: (o) => c.get('/customer/profile', o),
    forgotPassword: (email, o) => c.post('/customer/forgot-password', { email }, o),
    // Spec §5: the reset call sends the new password as its own confirmation.
    resetPasswordWithToken: ({ token, password }, o) =>
      c.post('/customer/token-password', { token, password, confirm_password: password }, o),
    changePassword: (payload, o) => c.post('/customer/reset-password', payload, o),
    sendOtp: (mobile, o) => c.post('/otp/send', { user_token: storeToken, mobile }, o),
    sendLoginOtp: (mobile, o) => c.post('/login/otp', { user_token: storeToken, mobile }, o),
    verifyCheckoutOtp: (payload, o) => c.post('/otp/verify/checkout', payload, o),
    verifyLoginOtp: (payload, o) => c.post('/otp/verify/login', payload, o),
    sendMobileOtp: (mobile, o) => c.post('/customer/mobile/send-otp', { mobile }, o),
    verifyMobile: (payload, o) => c.post('/customer/mobile/verify', payload, o),
    saveShippingAddress: (payload, o) => c.post('/customer/shipping-address', payload, o),
    getShippingAddress: (o) => c.get('/customer/get-shipping-address', o),
    updateAccountDetails: (payload, o) => c.post('/customer/account-details', payload, o),
    getAddresses: (o) => c.get('/customer/addresses', o),
    addAddress: (payload, o) => c.post('/customer/addresses', payload, o),
    updateAddress: (id, payload, o) => c.post(`/customer/addresses/${id}`, payload, o),
    makeDefaultAddress: (id, o) => c.post(`/customer/addresses/${id}/default`, {}, o),
    deleteAddress: (id, o) => c.post(`/customer/addresses/${id}/delete`, {}, o),
  };
}
