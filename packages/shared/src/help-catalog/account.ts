import type { THelpPage } from './types.ts';

/** What every signed-in user has: the home, the personal area, their files, notifications, and the error pages. */
export const ACCOUNT_HELP: THelpPage[] = [
  {
    url: '/console',
    category: 'account',
    'pt-PT': {
      title: 'Início da consola',
      contents: `<p>É a página que abre depois de entrar. Mostra o seu nome, a sua entidade e o seu perfil, e um cartão para cada página a que o seu perfil dá acesso, com a secção do menu a que pertence.</p>
<h2>Como usar</h2>
<ul>
<li><p>Clique num cartão para abrir a página. Os mesmos destinos estão no menu lateral (no telemóvel, em <strong>Mais</strong> na barra de baixo).</p></li>
<li><p>O <strong>Mapa</strong> público está sempre no topo do menu.</p></li>
<li><p>No menu do utilizador (o seu nome) estão a <strong>Área pessoal</strong>, <strong>A minha entidade</strong>, <strong>Personificar utilizador</strong> (se tiver essa permissão) e <strong>Terminar sessão</strong>.</p></li>
<li><p>O sino mostra as notificações por ler.</p></li>
</ul>
<h2>Cuidados</h2>
<ul>
<li><p>Se lhe falta uma página de que precisa, o seu perfil não a inclui: peça ao administrador da sua entidade.</p></li>
<li><p>Enquanto personifica outro utilizador, uma faixa vermelha no topo lembra-o, e tudo o que fizer fica registado também em seu nome. Use <strong>Sair da personificação</strong> para voltar.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Console home',
      contents: `<p>This is the page that opens after you sign in. It shows your name, your entity and your role, and a card for each page your role gives you, with the menu section it belongs to.</p>
<h2>How to use it</h2>
<ul>
<li><p>Click a card to open the page. The same destinations are in the side menu (on a phone, under <strong>More</strong> in the bottom bar).</p></li>
<li><p>The public <strong>Map</strong> is always at the top of the menu.</p></li>
<li><p>The user menu (your name) holds <strong>Personal area</strong>, <strong>My entity</strong>, <strong>Impersonate user</strong> (with that permission) and <strong>Sign out</strong>.</p></li>
<li><p>The bell shows your unread notifications.</p></li>
</ul>
<h2>Pitfalls</h2>
<ul>
<li><p>If a page you need is missing, your role does not include it: ask your entity's administrator.</p></li>
<li><p>While you impersonate another user a red banner at the top says so, and everything you do is recorded in your name too. Use <strong>Exit impersonation</strong> to come back.</p></li>
</ul>`,
    },
  },
  {
    url: '/personal',
    category: 'account',
    'pt-PT': {
      title: 'Área pessoal',
      contents: `<p>Na área pessoal muda os seus próprios dados e a sua palavra-passe.</p>
<h2>Os seus dados</h2>
<ol>
<li><p>Altere o <strong>Nome</strong>, o <strong>Idioma</strong> e o <strong>Fuso horário</strong> (escreva parte do nome, por exemplo «Lisbon» ou «Azores»).</p></li>
<li><p>Ligue ou desligue <strong>Receber notificações</strong>: avisos de relatórios prontos, importações GTFS terminadas e novas ocorrências atribuídas à sua entidade.</p></li>
<li><p>Carregue em <strong>Guardar alterações</strong>. A consola muda logo de idioma e de fuso.</p></li>
</ol>
<p>O email, a entidade e o perfil só os muda um administrador, na lista de utilizadores.</p>
<h2>Alterar a palavra-passe</h2>
<ol>
<li><p>Escreva a <strong>Palavra-passe atual</strong>, a <strong>Nova palavra-passe</strong> e a confirmação.</p></li>
<li><p>A nova tem de ter entre 6 e 25 caracteres, com uma maiúscula, uma minúscula, um algarismo e um símbolo, e não pode conter o seu nome nem o seu email.</p></li>
<li><p>Carregue em <strong>Guardar palavra-passe</strong>. As outras sessões abertas com a antiga terminam.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>Enquanto personifica alguém não pode mudar os dados nem a palavra-passe dessa pessoa.</p></li>
<li><p>As datas e horas de toda a consola aparecem no fuso escolhido aqui.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Personal area',
      contents: `<p>In the personal area you change your own details and your password.</p>
<h2>Your details</h2>
<ol>
<li><p>Change your <strong>Name</strong>, <strong>Language</strong> and <strong>Time zone</strong> (type part of its name, for instance “Lisbon” or “Azores”).</p></li>
<li><p>Turn <strong>Receive notifications</strong> on or off: notices of reports ready, GTFS imports finished and new occurrences allocated to your entity.</p></li>
<li><p>Click <strong>Save changes</strong>. The console switches language and time zone at once.</p></li>
</ol>
<p>Your email, entity and role can only be changed by an administrator, in the user list.</p>
<h2>Changing your password</h2>
<ol>
<li><p>Type your <strong>Current password</strong>, the <strong>New password</strong> and its confirmation.</p></li>
<li><p>The new one needs 6 to 25 characters, with an uppercase letter, a lowercase letter, a digit and a symbol, and may not contain your name or email.</p></li>
<li><p>Click <strong>Save password</strong>. Other sessions opened with the old one are ended.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>While impersonating someone you cannot change their details or password.</p></li>
<li><p>Dates and times across the console are shown in the time zone chosen here.</p></li>
</ul>`,
    },
  },
  {
    url: '/personal/files',
    category: 'account',
    'pt-PT': {
      title: 'Os meus ficheiros',
      contents: `<p>Aqui ficam os relatórios gerados para si em segundo plano e os relatórios agendados. Só o próprio utilizador os vê.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Pesquisar ficheiros pelo nome</strong>.</p></li>
<li><p>A tabela mostra o nome, a <strong>Origem</strong> (relatório ou exportação), o tamanho e a data.</p></li>
<li><p><strong>Descarregar</strong> guarda o ficheiro no seu computador; <strong>Eliminar</strong> apaga-o, depois de confirmar.</p></li>
</ul>
<h2>Tarefas comuns</h2>
<ol>
<li><p>Quando um relatório longo termina recebe a notificação «Relatório pronto»: carregue em <strong>Ver ficheiros</strong> para vir diretamente a esta página.</p></li>
<li><p>Descarregue o ficheiro e, se já não precisar dele, elimine-o para manter a lista curta.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>Um ficheiro eliminado não se recupera: gere o relatório outra vez em Relatórios.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'My files',
      contents: `<p>Reports generated for you in the background and scheduled reports are kept here. Only you see them.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Search files by name</strong>.</p></li>
<li><p>The table shows the name, the <strong>Origin</strong> (report or export), the size and the date.</p></li>
<li><p><strong>Download</strong> saves the file to your computer; <strong>Delete</strong> removes it, once confirmed.</p></li>
</ul>
<h2>Common tasks</h2>
<ol>
<li><p>When a long report finishes you get a “Report ready” notification: click <strong>See files</strong> to come straight here.</p></li>
<li><p>Download the file and, once you no longer need it, delete it to keep the list short.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>A deleted file cannot be recovered: generate the report again under Reports.</p></li>
</ul>`,
    },
  },
  {
    url: '/notifications',
    category: 'account',
    'pt-PT': {
      title: 'Notificações',
      contents: `<p>As notificações avisam-no do que aconteceu sem estar a olhar: um relatório pronto ou que falhou, uma importação GTFS concluída ou falhada, ou uma ocorrência nova reportada numa categoria atribuída à sua entidade.</p>
<h2>Controlos principais</h2>
<ul>
<li><p><strong>Notificações a mostrar</strong>: <strong>Todas</strong> ou só as <strong>Por ler</strong>.</p></li>
<li><p>O botão de cada notificação leva ao que ela refere (<strong>Ver ficheiros</strong>, <strong>Ver importações</strong>, <strong>Ver o pedido</strong>…).</p></li>
<li><p><strong>Marcar como lida</strong> numa notificação, ou <strong>Marcar todas como lidas</strong>.</p></li>
</ul>
<p>O número no sino, no topo da consola, é o das notificações por ler.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Se não recebe notificações, confirme que <strong>Receber notificações</strong> está ligado na Área pessoal.</p></li>
<li><p>Os pedidos de ocorrência só são avisados a quem tem MANAGE_EVENTS na entidade da categoria, e ao agente da categoria.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Notifications',
      contents: `<p>Notifications tell you what happened while you were not looking: a report ready or failed, a GTFS import finished or failed, or a new occurrence reported in a category allocated to your entity.</p>
<h2>Main controls</h2>
<ul>
<li><p><strong>Notifications to show</strong>: <strong>All</strong> or only <strong>Unread</strong>.</p></li>
<li><p>Each notification's button takes you to what it is about (<strong>See files</strong>, <strong>See imports</strong>, <strong>See the request</strong>…).</p></li>
<li><p><strong>Mark as read</strong> on one notification, or <strong>Mark all as read</strong>.</p></li>
</ul>
<p>The number on the bell, at the top of the console, counts the unread ones.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>If you get no notifications, check that <strong>Receive notifications</strong> is on in your Personal area.</p></li>
<li><p>Event requests are only notified to staff with MANAGE_EVENTS in the category's entity, and to the category's agent.</p></li>
</ul>`,
    },
  },
  {
    url: '/unauthorized',
    category: 'account',
    'pt-PT': {
      title: 'Não tem autorização',
      contents: `<p>Esta página aparece quando tenta abrir uma página que o seu perfil não permite, por exemplo por uma ligação que outra pessoa lhe enviou.</p>
<h2>O que fazer</h2>
<ol>
<li><p>Confirme que entrou com a conta certa (o seu nome aparece no menu do utilizador).</p></li>
<li><p>Se precisa da página, peça ao administrador da sua entidade que acrescente a permissão ao seu perfil (Configurações › Perfis).</p></li>
<li><p>Use <strong>Ir para a página inicial</strong> para voltar.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>Depois de o administrador mudar o seu perfil, recarregue a página ou, se não bastar, termine a sessão e volte a entrar.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Not authorized',
      contents: `<p>This page shows when you try to open a page your role does not allow, for instance through a link someone sent you.</p>
<h2>What to do</h2>
<ol>
<li><p>Check that you signed in with the right account (your name is in the user menu).</p></li>
<li><p>If you need the page, ask your entity's administrator to add the permission to your role (Settings › Roles).</p></li>
<li><p>Use <strong>Go to the homepage</strong> to go back.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>After the administrator changes your role, reload the page or, if that is not enough, sign out and sign in again.</p></li>
</ul>`,
    },
  },
  {
    url: '/error',
    category: 'account',
    'pt-PT': {
      title: 'Algo correu mal',
      contents: `<p>Esta página aparece quando um pedido ao servidor falha de forma inesperada. Quando o servidor explica o motivo, a mensagem aparece na página.</p>
<h2>O que fazer</h2>
<ol>
<li><p>Recarregue a página ou tente de novo dentro de momentos: muitas falhas são passageiras (uma ligação que caiu, o servidor a reiniciar).</p></li>
<li><p>Se voltar a acontecer, anote a hora, o que estava a fazer e a <strong>Referência do erro</strong>, se aparecer, e envie-as para o contacto de apoio indicado na página Sobre.</p></li>
</ol>
<h2>Cuidados</h2>
<ul>
<li><p>Os erros do navegador são comunicados automaticamente à equipa técnica (Configurações › Erros do navegador): não precisa de enviar capturas de ecrã do erro técnico.</p></li>
<li><p>Um formulário que falhou ao guardar pode não ter ficado gravado: confirme antes de o preencher outra vez.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Something went wrong',
      contents: `<p>This page shows when a request to the server fails unexpectedly. When the server gives a reason, its message is on the page.</p>
<h2>What to do</h2>
<ol>
<li><p>Reload the page or try again in a moment: many failures are passing (a dropped connection, the server restarting).</p></li>
<li><p>If it happens again, note the time, what you were doing and the <strong>Error reference</strong>, if shown, and send them to the support contact on the About page.</p></li>
</ol>
<h2>Pitfalls</h2>
<ul>
<li><p>Browser errors are reported to the technical team automatically (Settings › Browser errors): there is no need to send screenshots of the technical error.</p></li>
<li><p>A form that failed to save may not have been stored: check before filling it in again.</p></li>
</ul>`,
    },
  },
];
