import { DocumentPage } from '../documents/DocumentPage';

/** /shipping-delivery: the stored 'shipping-delivery' document (the Terms cite it). */
export default function ShippingDelivery() {
  return <DocumentPage slug="shipping-delivery" pageName="Shipping & Delivery Policy" />;
}
