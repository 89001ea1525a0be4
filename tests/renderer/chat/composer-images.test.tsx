// Images in the chat: pasted or dropped on the message box, shown as removable thumbnails with
// their names and sizes, refused in the core's words, sent with the message, and shown again
// (fetched one by one) in the transcript's message.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { createFakeSluice, type FakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';
import { bytesOf, fileOf, JPEG_8X8, PDF, PNG_2X2, PNG_3X3 } from '../support/image-files';

function transfer(files: File[]): Partial<DataTransfer> {
  return {
    files: files as unknown as FileList,
    items: [] as unknown as DataTransferItemList,
    types: ['Files'],
  };
}

async function openChat(fake: FakeSluice) {
  renderWithClient(<App />, fake);
  return screen.findByRole('textbox', { name: 'Message' });
}

async function paste(input: HTMLElement, files: File[]) {
  await act(async () => {
    fireEvent.paste(input, { clipboardData: transfer(files) });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('composer images', () => {
  it('a pasted image - a thumbnail with its name, size and a remove button, then sent with the text', async () => {
    const fake = createFakeSluice();
    const input = await openChat(fake);
    const png = bytesOf(PNG_3X3);
    await paste(input, [fileOf(PNG_3X3, 'shot.png', 'image/png')]);

    const list = await screen.findByRole('list', { name: 'Images to send' });
    const picture = within(list).getByRole('img', { name: 'shot.png' });
    expect(picture).toHaveAttribute('src', `data:image/png;base64,${PNG_3X3}`);
    expect(list).toHaveTextContent(`shot.png${png.length} bytes`);
    expect(within(list).getByRole('button', { name: 'Remove shot.png' })).toBeInTheDocument();

    await userEvent.type(input, 'What is this?{Enter}');
    await waitFor(() =>
      expect(fake.callsTo('agent.send')).toEqual([
        {
          text: 'What is this?',
          mentions: [],
          images: [{ name: 'shot.png', mediaType: 'image/png', data: PNG_3X3 }],
        },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Images to send' })).not.toBeInTheDocument(),
    );
    expect(fake.invalid).toEqual([]);
  });

  it('remove - the thumbnail goes, and the message is sent without it', async () => {
    const fake = createFakeSluice();
    const input = await openChat(fake);
    await paste(input, [fileOf(PNG_2X2, 'a.png'), fileOf(JPEG_8X8, 'b.jpg')]);
    const list = await screen.findByRole('list', { name: 'Images to send' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(list).getByRole('button', { name: 'Remove a.png' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.type(input, 'only b{Enter}');
    await waitFor(() => expect(fake.callsTo('agent.send')).toHaveLength(1));
    const sent = fake.callsTo('agent.send')[0];
    expect(sent?.images?.map((image) => [image.name, image.mediaType])).toEqual([
      ['b.jpg', 'image/jpeg'],
    ]);
  });

  it('two pastes at once - both images land', async () => {
    const fake = createFakeSluice();
    const input = await openChat(fake);
    await act(async () => {
      fireEvent.paste(input, { clipboardData: transfer([fileOf(PNG_3X3, 'one.png')]) });
      fireEvent.paste(input, { clipboardData: transfer([fileOf(JPEG_8X8, 'two.jpg')]) });
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const list = await screen.findByRole('list', { name: 'Images to send' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['one.png', 'two.jpg']);
  });

  it('a dropped PDF, or one named .png - refused in words, nothing attached', async () => {
    const fake = createFakeSluice();
    const input = await openChat(fake);
    const box = input.closest('.chat-input') as HTMLElement;
    await act(async () => {
      fireEvent.drop(box, {
        dataTransfer: transfer([fileOf(PDF, 'x.pdf', 'application/pdf')]),
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'x.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).',
    );
    await paste(input, [fileOf(PDF, 'fake.png', 'image/png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'fake.png is not an image Claude can read',
    );
    expect(screen.queryByRole('list', { name: 'Images to send' })).not.toBeInTheDocument();
  });

  it('pasted text - stays text: no image handling', async () => {
    const fake = createFakeSluice();
    const input = await openChat(fake);
    await userEvent.click(input);
    await userEvent.paste('plain words');
    expect(input).toHaveValue('plain words');
    expect(screen.queryByRole('list', { name: 'Images to send' })).not.toBeInTheDocument();
  });

  it('in the transcript - the message shows each attached image, fetched by turn and index', async () => {
    const fake = createFakeSluice();
    const png = bytesOf(PNG_3X3);
    fake.handle('agent.image', ({ index }) => ({
      name: `pic-${index}.png`,
      mediaType: 'image/png',
      data: PNG_3X3,
    }));
    const input = await openChat(fake);
    await paste(input, [fileOf(PNG_3X3, 'pic-0.png')]);
    await userEvent.type(input, 'look{Enter}');
    await waitFor(() => expect(fake.callsTo('agent.send')).toHaveLength(1));
    fake.emit('agent', {
      type: 'turn_start',
      conversationId: 'c1',
      turnId: 't1',
      userText: 'look',
      model: 'm',
      images: [
        { name: 'pic-0.png', mediaType: 'image/png', bytes: png.length, turnId: 't1', index: 0 },
      ],
    });
    const message = screen.getByTestId('user-message');
    const attached = within(message).getByRole('list', { name: 'Attached images' });
    // A placeholder named like the image stands in until its bytes arrive.
    expect(within(attached).getByRole('img', { name: 'pic-0.png' })).not.toHaveAttribute('src');
    await waitFor(() =>
      expect(within(attached).getByRole('img', { name: 'pic-0.png' })).toHaveAttribute(
        'src',
        `data:image/png;base64,${PNG_3X3}`,
      ),
    );
    expect(attached).toHaveTextContent(`${png.length} bytes`);
    expect(fake.callsTo('agent.image')).toEqual([{ conversationId: 'c1', turnId: 't1', index: 0 }]);
  });
});
