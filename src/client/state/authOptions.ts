// Whether to offer the Discord login: false until the server has said it is configured (asked once per page load).
import { useQuery } from '@tanstack/react-query';
import { authOptionsQuery } from './queries';

export function useDiscordLoginOffered(): boolean {
  return useQuery(authOptionsQuery()).data?.discord === true;
}
