// The answer shapes of spec §3/§7 built from repository rows: repositories return rows, the domain and the
// routes shape them here (lint keeps db/ from importing this folder).
export { toSavedAddress } from './addresses';
export { toCartLine } from './carts';
export { toCustomer } from './customers';
export { maskName, toOrder, toTracked } from './orders';
export { toProduct, toProductPage, toVariation } from './products';
export { toStaffMember, toStaffProduct } from './staff';
