import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { okSchema } from "../../shared/schemas/common";
import { plansResultSchema } from "../../shared/schemas/plans";
import { type SignUpBody, signUpResultSchema } from "../../shared/schemas/users";
import { apiGet, apiPath, apiSend } from "./api-client";
import { userKeys } from "./query-keys";

/** Public plans for sign-up: the server leaves out Free Trial and sorts by price. */
export function usePublicPlans() {
  return useQuery({
    queryKey: ["plans"],
    queryFn: () => apiGet("/api/plans", plansResultSchema),
    select: (result) => result.plans,
    staleTime: 5 * 60_000,
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => apiSend("POST", "/api/users/create", body, signUpResultSchema),
  });
}

/** The server sends the reset email itself (404 UNKNOWN_EMAIL when nobody has that address). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiSend("POST", "/api/users/password-reset", { email }, okSchema),
  });
}

export function useUpdateName(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend("PATCH", apiPath`/api/users/${userId}/name`, { name }, okSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.profile(userId) }),
  });
}
