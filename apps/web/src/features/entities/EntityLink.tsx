import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAppPath } from '../../app/paths';
import { useSession } from '../auth/session-store';
import { canLinkToEntity } from './entity-links';

/** An entity's name, as a link to its record when the user may open it (spec 000 §6), as plain text otherwise. */
export function EntityLink({ entity, fw }: { entity: { id: number; name: string } | null; fw?: number }) {
  const session = useSession();
  const appPath = useAppPath();
  if (!entity) return null;
  if (!canLinkToEntity(session, entity.id)) {
    return (
      <Text span inherit fw={fw}>
        {entity.name}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={appPath(`/entity/${entity.id}`)} fw={fw} inherit>
      {entity.name}
    </Anchor>
  );
}
