import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userKeys } from "./query-keys";

/**
 * A change whose effects reach what is cached about the signed-in user (their programs, roles, seat
 * counts, the plan allowance): everything under `userKeys.all` is refreshed when it settles — on
 * failure too, since a refusal (a plan limit, the last admin) means what was on screen was out of date.
 */
export function useUserMutation<TVariables, TResult>(
  userId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all(userId) }),
  });
}
