/**
 * On a product page the buy box — variant pickers, quantity, price lines, stock and delivery
 * notes, "Add to cart" — is a <form> posting to the cart. It is shop machinery around the product,
 * not its description, and readers (and the benchmarks' annotators) leave it out.
 */
import { elementNames } from '../dom/element-names.js';

/** Where a cart form posts ("/cart/add", "basket_add.html", "/panier", Amazon's "handle-buy-box"). */
const CART_ACTION = /(?:cart|basket|panier|warenkorb|carrito|carrello|buy-?box|checkout)/i;
/** class/id/name words of cart forms (WooCommerce "cart", Shopify "product-form", "add-to-cart"). */
const CART_NAMES = /(?:^|[\s_-])(?:cart|add-?to-?cart|addtocart|add_to_cart|product-?form|buy-?form|variations_form)(?:$|[\s_-]|\d)/i;

export function isBuyForm(element: Element): boolean {
  if (element.tagName !== 'FORM') return false;
  const action = element.getAttribute('action') ?? '';
  if (CART_ACTION.test(action)) return true;
  const names = `${elementNames(element)} ${element.getAttribute('name') ?? ''}`;
  return CART_NAMES.test(names);
}
