import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SignUpBody } from "../../shared/schemas/users";
import { apiGet, apiPath, apiSend } from "./api-client";
import { lazySchemasOf } from "./lazy-schema";
import { userKeys } from "./query-keys";

// Loaded with the first call (docs/decisions/043-zod-off-the-first-paint.md).
const common = lazySchemasOf(() => import("../../shared/schemas/common"));
const plans = lazySchemasOf(() => import("../../shared/schemas/plans"));
const users = lazySchemasOf(() => import("../../shared/schemas/users"));

/** Public plans for sign-up: the server leaves out Free Trial and sorts by price. */
export function usePublicPlans() {
  return useQuery({
    queryKey: ["plans"],
    queryFn: () => apiGet("/api/plans", plans("plansResultSchema")),
    select: (result) => result.plans,
    staleTime: 5 * 60_000,
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => apiSend("POST", "/api/users/create", body, users("signUpResultSchema")),
  });
}

/** The server sends the reset email itself (404 UNKNOWN_EMAIL when nobody has that address). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiSend("POST", "/api/users/password-reset", { email }, common("okSchema")),
  });
}

export function useUpdateName(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiSend("PATCH", apiPath`/api/users/${userId}/name`, { name }, common("okSchema")),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.profile(userId) }),
  });
}
