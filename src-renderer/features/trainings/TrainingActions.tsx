import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { TRAINING_ACTIONS, trainingActions, type TrainingAction } from '@shared/rules';
import type { ListedTraining } from '@shared/appApi';
import { utcToday } from '@shared/calendar/dates';
import { Button, MORE } from '@renderer/components/ui';
import { ACTION_TEXT } from './trainingWords';

type Move = (typeof TRAINING_ACTIONS)[TrainingAction];

// Menu items are named by plain strings: a menu finds an item by its text as one types.
const MESSAGES = defineMessages({
  edit: { id: 'trainings.actions.edit', defaultMessage: 'Edit…' },
  delete: { id: 'trainings.actions.delete', defaultMessage: 'Delete…' },
});
const ACTIONS_FOR = defineMessage<{ name: string }>({
  id: 'trainings.actions.for',
  defaultMessage: 'Actions for {name}',
});

/**
 * A row's actions in one menu, so the name column keeps the room: Edit, the changes the rulebook
 * allows from where the training stands and its dates today (no "Mark as passed" on a cancelled
 * one, nor on one not ended yet), then Delete. Each item is named by what it shows; the menu
 * names the training.
 */
export function TrainingActions({
  training,
  onEdit,
  onMove,
  onDelete,
}: {
  training: ListedTraining;
  onEdit: (t: ListedTraining) => void;
  onMove: (t: ListedTraining, move: Move) => void;
  onDelete: (t: ListedTraining) => void;
}) {
  // Today by this window's clock, as the expiry badges take it; the backend judges again by its own.
  const intl = useIntl();
  const inMenu = trainingActions(training, utcToday(new Date()));
  const label = intl.formatMessage(ACTIONS_FOR, { name: training.name });
  return (
    <MenuTrigger>
      <Button aria-label={label} className="button trainings-actions-button">
        <span aria-hidden="true">{MORE}</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          aria-label={label}
          onAction={(key) => {
            if (key === 'edit') onEdit(training);
            else if (key === 'delete') onDelete(training);
            else onMove(training, TRAINING_ACTIONS[key as TrainingAction]);
          }}
        >
          <MenuItem id="edit" className="menu-item">
            {intl.formatMessage(MESSAGES.edit)}
          </MenuItem>
          {inMenu.length > 0 && <Separator className="menu-separator" />}
          {inMenu.map((a) => (
            <MenuItem key={a} id={a} className="menu-item">
              {intl.formatMessage(ACTION_TEXT, { action: a })}
            </MenuItem>
          ))}
          <Separator className="menu-separator" />
          <MenuItem id="delete" className="menu-item">
            {intl.formatMessage(MESSAGES.delete)}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
