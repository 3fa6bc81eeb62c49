import { createServer, type Server } from "node:http";

export interface StripeStub {
  url: string;
  /** The form-encoded bodies of the Checkout sessions created, decoded to key/value pairs. */
  checkoutRequests: Record<string, string>[];
  close(): Promise<void>;
}

/**
 * A local stand-in for api.stripe.com, for tests only: the product's real Stripe SDK calls it
 * (STRIPE_API_URL), so the Checkout call is exercised end to end without the network.
 */
export async function startStripeStub(): Promise<StripeStub> {
  const checkoutRequests: Record<string, string>[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        const params = Object.fromEntries(new URLSearchParams(body));
        checkoutRequests.push(params);
        const id = `cs_test_${checkoutRequests.length}`;
        res.end(
          JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/pay/${id}` }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(
        JSON.stringify({ error: { type: "invalid_request_error", message: `No stub for ${req.url}` } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    checkoutRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
